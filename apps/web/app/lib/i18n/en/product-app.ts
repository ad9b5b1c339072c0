/** English strings of the /{product}-App landing page (product §1, architecture §3.13). */
export const productApp = {
  /** The `/{product}-App` landing page (issue 3, product §1, architecture §3.13). */
  productApp: {
    title: (product: string) => `${product} App`,
    heroTitle: "Equine Service Made Simple with us",
    heroBody: (product: string) =>
      `Transport, flights, documents and payments for your horses, all in the ${product} app for iPhone and Android.`,
    heroImageAlt: "The app's home screen with a planned route and upcoming trips",
    experienceTitle: "The Most Creative Equine Logistics Experience",
    experienceCards: [
      {
        title: "Move your horse without stress",
        body: "Pick a show or a date, choose a stall and let our team do the rest. Live updates keep you close to your horse all the way.",
        image: "/images/card-truck.svg",
      },
      {
        title: "You'll never miss a flight",
        body: "See every import and export flight as soon as it opens, reserve early and get reminders for each step before departure.",
        image: "/images/card-plane.svg",
      },
    ],
    horseCarouselTitle: "Simplified Horse Management",
    horseSlides: [
      { heading: "Every horse, one profile", url: "/images/slide-horses.svg", name: "My horses" },
      { heading: "Follow the trip live", url: "/images/slide-track.svg", name: "Tracking" },
      { heading: "Book in a few steps", url: "/images/slide-steps.svg", name: "Booking" },
      { heading: "Share with your team", url: "/images/slide-share.svg", name: "Sharing" },
      { heading: "Help around the clock", url: "/images/slide-support.svg", name: "Support" },
    ],
    bannerCaption:
      "Travel in one of the biggest horse trucks in the UAE, with room for every horse to stand and rest in comfort.",
    bannerImageAlt: "A long horse truck with five stalls on the road",
    dataCarouselTitle: "Simplified Data Management",
    dataSlides: [
      { heading: "Your activity at a glance", url: "/images/slide-overview.svg", name: "Overview" },
      { heading: "Flights at your fingertips", url: "/images/slide-flights.svg", name: "Flights" },
      { heading: "Pay with a saved card", url: "/images/slide-wallet.svg", name: "Wallet" },
      { heading: "All invoices in one list", url: "/images/slide-invoices.svg", name: "Invoices" },
      { heading: "Your details, always current", url: "/images/slide-profile.svg", name: "Profile" },
    ],
    slideImageAlt: (name: string) => `${name} screen of the app`,
    slides: "Slides",
    previous: "Previous slide",
    next: "Next slide",
    slideLabel: (index: number, total: number) => `${index} of ${total}`,
    closingTitle: (product: string) => `Get the ${product} app`,
    closingBody: "Free to download on the App Store and Google Play.",
  },
};
