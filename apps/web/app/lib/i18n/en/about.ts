/** English strings of /aboutus (product §1). */
export const about = {
  /** About page (issue 3, product §1). */
  about: {
    title: "About us",
    intro: (company: string) =>
      `${company} moves horses across the UAE and around the world, and builds the software that makes every move simpler.`,
    bannerImageAlt: "A horse looking over a paddock fence at sunset",
    storyLabel: "Our story",
    story: [
      {
        title: "Why?",
        body: "Because moving a horse should never feel like a gamble. Owners told us the same story again and again: phone calls to find a truck, messages lost in group chats, no idea where their horse was until it arrived. Horses deserve calm journeys, and their people deserve peace of mind.",
      },
      {
        title: "What",
        body: "We run horse transport by road to shows, hospitals and stables across the Emirates, arrange import and export shipping by air, and put it all in one app, where you book, track, keep your documents and pay.",
      },
      {
        title: "How",
        body: "With experienced grooms and drivers, trucks built for horses, trusted airline partners and our own technology. We plan every trip around the horse first, share live updates on the way, and keep prices and paperwork clear from the first booking to the last invoice.",
      },
    ],
    servicesTitle: "What we do",
    services: [
      {
        title: "Local Transport",
        body: "Door-to-door road transport to shows, hospitals and stables in every emirate, with shared and private trips.",
      },
      {
        title: "International Shipping",
        body: "Import and export flights with customs, health papers and quarantine arranged, so your horse travels the world safely.",
      },
      {
        title: "Software Development",
        body: "The app and tools we build for our own operations, also available to stables, clubs and event organisers.",
      },
    ],
    valuesTitle: "What we stand for",
    values: [
      {
        title: "Horse First Approach",
        body: "Every decision starts with the welfare of the horse: rest, water, space and a calm hand on every trip.",
      },
      {
        title: "Smart Technology",
        body: "Live tracking, digital documents and online payments take the guesswork out of logistics.",
      },
      {
        title: "Care Driven Team",
        body: "Grooms, drivers and support staff who love horses and treat each one as if it were their own.",
      },
    ],
    galleryTitle: "Inside the app",
    gallery: [
      {
        title: "Creatively track your horse",
        body: "Follow each trip live on the map, from loading to arrival.",
        image: "/images/slide-track.svg",
      },
      {
        title: "Easy Steps",
        body: "Book transport or a flight in a few guided steps.",
        image: "/images/slide-steps.svg",
      },
      {
        title: "Everything in one place",
        body: "Horses, trips, documents and bookings on one screen.",
        image: "/images/slide-overview.svg",
      },
      {
        title: "Sharing is caring",
        body: "Share a trip with your trainer, rider or vet so everyone knows where the horse is.",
        image: "/images/slide-share.svg",
      },
      {
        title: "Easy Profile",
        body: "Keep your details and your horses' records up to date in seconds.",
        image: "/images/slide-profile.svg",
      },
      { title: "Wallet", body: "Save a card once and pay for every trip securely.", image: "/images/slide-wallet.svg" },
      {
        title: "Invoices",
        body: "Every invoice in one list, ready to view, download or pay.",
        image: "/images/slide-invoices.svg",
      },
      {
        title: "24/7 Available",
        body: "Our team answers day and night, wherever your horse is.",
        image: "/images/slide-support.svg",
      },
    ],
    galleryImageAlt: (title: string) => `App screen: ${title}`,
  },
};
