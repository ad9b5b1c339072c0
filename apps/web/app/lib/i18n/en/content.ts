/** English strings of the content pages (part of the catalogue in ../en.ts). */
export const content = {
  /** /blogs and the home teaser (SPEC §2 Blog list). */
  blogs: {
    title: "Blogs",
    description: (company: string) =>
      `Guides and news from ${company}: preparing horses for travel, export and import paperwork, the UAE show and endurance seasons.`,
    featured: "Featured",
    untitled: "Untitled",
    emptyTitle: "No blogs found",
    emptyBody: "We couldn't find any blog posts at the moment. Please check back later!",
    homeTitle: "Latest blogs",
    more: "More articles",
    loading: "Loading blog…",
  },
  /** /blogs/{id} (SPEC §2 Blog detail). */
  blog: {
    notFound: "Blog not found.",
    notFoundBody: "This article may have been moved or removed.",
    back: "All blogs",
    tags: "Tags",
  },
  /** /term-of-services and /privacy-policy (SPEC §2 Terms and privacy). */
  legal: {
    eyebrow: "Legal",
    termsTitle: "Terms and Conditions",
    termsDescription: (company: string) => `The terms and conditions of the horse transport and shipping services of ${company}.`,
    privacyTitle: "Privacy Policy",
    privacyDescription: (company: string) => `How ${company} collects, uses and protects your personal data.`,
    updated: "Last updated",
    unavailable: "This document is not available at the moment. Please try again later.",
  },
  /** /release-note (SPEC §2 What's New). */
  releaseNote: {
    title: "What's New",
    subtitle: "New updates and improvements to the product",
    empty: "No updates yet. Please check back later!",
  },
  /** /release-logs (SPEC §2 Release logs). */
  releaseLogs: {
    title: "Release logs",
    heroTitle: (product: string) => `Plan the ${product} way.`,
    heroBody: (product: string) =>
      `Shows, flights, documents and payments for your horses in one app. See what is new in every version of ${product}.`,
    heroImageAlt: "The app on a phone, showing the next trips",
    listTitle: "What's new?",
    version: (title: string) => `V ${title}`,
    heading: (product: string, title: string) => `${product} Version ${title}`,
    imageAlt: (product: string, title: string) => `${product} ${title} on a phone`,
    loading: "Loading release logs…",
    imageLoading: "Loading image…",
    empty: "No release logs available at the moment.",
  },
  /** Home page additions (issue 3): the hero, panels and feature cards (SPEC §1–§2). */
  home: {
    heroTagline: "leading the way in horse logistics innovation",
    heroIntro:
      "Road transport to shows, clinics and stables across the Emirates, and import and export flights for your horses, planned and tracked from one app.",
    heroImageAlt: "A horse truck with three horses on board driving along a desert road",
    cardsLabel: "Explore",
    cardShows: "Shows",
    cardFlights: "Flights",
    cardBlogs: "Blogs",
    noStressTitle: "No stress, Just progress",
    noStressBody:
      "Every journey is handled by people who know horses: padded stalls, regular water and rest stops, and a groom who checks in on your horse along the way. You follow the trip live and arrive ready for what comes next.",
    smartWayTitle: "Move your horses the Smart way",
    smartWayBody:
      "Book a seat on the next show truck or a stall on an international flight in a few taps, keep the papers of every horse in one place, and pay securely from your phone.",
    smartWayImageAlt: "The app's trip screen with a route on a map and the next bookings",
    featuresTitle: "Everything in one app",
    features: [
      {
        title: "Plan Smarter",
        body: "See every upcoming show and flight, compare dates and reserve a place for each horse before the spots run out.",
      },
      {
        title: "Organize Seamlessly",
        body: "Passports, vaccination records and travel documents sit next to each horse, ready whenever a trip needs them.",
      },
      {
        title: "Easy Transactions",
        body: "Clear prices in UAE dirhams, invoices you can download, and card or Apple Pay payments without paperwork.",
      },
    ],
  },
  /** About page (issue 3, SPEC §1). */
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
      { title: "Creatively track your horse", body: "Follow each trip live on the map, from loading to arrival.", image: "/images/slide-track.svg" },
      { title: "Easy Steps", body: "Book transport or a flight in a few guided steps.", image: "/images/slide-steps.svg" },
      { title: "Everything in one place", body: "Horses, trips, documents and bookings on one screen.", image: "/images/slide-overview.svg" },
      { title: "Sharing is caring", body: "Share a trip with your trainer, rider or vet so everyone knows where the horse is.", image: "/images/slide-share.svg" },
      { title: "Easy Profile", body: "Keep your details and your horses' records up to date in seconds.", image: "/images/slide-profile.svg" },
      { title: "Wallet", body: "Save a card once and pay for every trip securely.", image: "/images/slide-wallet.svg" },
      { title: "Invoices", body: "Every invoice in one list, ready to view, download or pay.", image: "/images/slide-invoices.svg" },
      { title: "24/7 Available", body: "Our team answers day and night, wherever your horse is.", image: "/images/slide-support.svg" },
    ],
    galleryImageAlt: (title: string) => `App screen: ${title}`,
  },
  /** The `/{product}-App` landing page (issue 3, SPEC §1, DESIGN §3.13). */
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
    bannerCaption: "Travel in one of the biggest horse trucks in the UAE, with room for every horse to stand and rest in comfort.",
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
  /** /QR (issue 3, SPEC §2). */
  qr: {
    title: (product: string) => `Join ${product} Now!`,
    body: "Book transport and flights for your horses, track every trip and pay in one app.",
    scan: "Scan with your phone camera to get the app",
    qrLabel: (url: string) => `QR code linking to ${url}`,
  },
  /** /links (issue 3, SPEC §2). */
  links: {
    title: (company: string) => `${company} links`,
    description: "Get our app, see the show and flight schedules, or contact our support team.",
    getApp: "Get our App",
    schedules: "Our Schedules",
    shows: "Shows",
    flight: "Flight",
    assist: "Always here to assist.",
    contactSupport: "Contact Support",
  },
  /** /term-of-use (issue 3, SPEC §2 Terms and privacy): sections 0 to 13. */
  termOfUse: {
    title: "Terms of Use",
    description: (company: string) => `The terms that govern your use of the ${company} website and apps.`,
    intro: (company: string) =>
      `These terms govern your use of the ${company} website and apps. Please read them carefully; by using the site you agree to them.`,
    contents: "Contents",
    sectionHeading: (number: number, title: string) => `${number}. ${title}`,
    sections: [
      {
        title: "Use of the site",
        paragraphs: [
          "By accessing or using this website, you confirm that you have read, understood and agree to be bound by these Terms of Use. If you do not agree, please do not use the site.",
          "You may use the site only for lawful purposes: to learn about our services, view our schedules, read our content and contact us. You must not use it in a way that damages the site, interferes with other visitors or breaks any law.",
        ],
      },
      {
        title: "General conditions",
        paragraphs: [
          "We may update these terms from time to time. The version published on this page applies from the moment it is posted, so please check it whenever you use the site.",
          "We may change, suspend or discontinue any part of the site at any time without notice.",
        ],
      },
      {
        title: "Services",
        paragraphs: [
          "The site describes our local horse transport, international shipping and software services. Bookings are made in our mobile apps.",
          "All prices are in UAE dirhams (AED). Every service request is subject to the availability of vehicles, flights, staff and other resources at the requested time.",
        ],
      },
      {
        title: "Intellectual property rights",
        paragraphs: [
          "The site and its content, including text, graphics, logos, images, designs and software, are owned by us or our licensors and are protected by copyright, trademark and other intellectual property laws.",
          "You may view and print pages for your own personal, non-commercial use. You may not copy, reproduce, modify, distribute or publish any content without our prior written permission.",
        ],
      },
      {
        title: "User representations",
        paragraphs: [
          "By using the site, you represent that the information you give us is true, accurate, current and complete, and that you will keep it up to date.",
          "You also represent that you have the legal capacity to agree to these terms, that you are not a minor in your place of residence, and that you will not access the site through automated or non-human means.",
        ],
      },
      {
        title: "User content",
        paragraphs: [
          "When you send us messages, feedback or other material, you confirm that you have the right to share it and that it is lawful, accurate and respectful.",
          "You grant us permission to use that material to answer you and to improve our services. We may remove any content that breaks these terms.",
        ],
      },
      {
        title: "Third-party links",
        paragraphs: [
          "The site may link to websites and services run by others, such as app stores and social networks. We do not control them and are not responsible for their content, policies or practices.",
          "Visiting a third-party site is at your own risk and subject to that site's own terms.",
        ],
      },
      {
        title: "Privacy",
        paragraphs: [
          "We care about the privacy of your data. Our Privacy Policy explains what information we collect, how we use it and the choices you have. By using the site, you agree to the handling of your data as described there.",
        ],
      },
      {
        title: "Errors and omissions",
        paragraphs: [
          "We work hard to keep the information on the site correct, but it may occasionally contain errors, inaccuracies or omissions, including in schedules, descriptions and prices.",
          "We reserve the right to correct any error and to change or update information at any time without prior notice.",
        ],
      },
      {
        title: "Disclaimer and limitation of liability",
        paragraphs: [
          "The site is provided on an \"as is\" and \"as available\" basis. To the fullest extent permitted by law, we disclaim all warranties, express or implied, including fitness for a particular purpose and non-infringement.",
          "We will not be liable for any indirect, incidental, special or consequential damages, or for any loss of profit, data or goodwill, arising from your use of the site or your inability to use it.",
        ],
      },
      {
        title: "Indemnification",
        paragraphs: [
          "You agree to defend, indemnify and hold harmless us, our affiliates and our staff from any loss, damage, liability, claim or demand, including reasonable legal fees, made by any third party because of your use of the site or your breach of these terms.",
        ],
      },
      {
        title: "Termination",
        paragraphs: [
          "These terms remain in effect while you use the site. We may, at our sole discretion and without notice, deny access to the site to anyone who breaks these terms or any applicable law.",
        ],
      },
      {
        title: "Governing law and final provisions",
        paragraphs: [],
        subsections: [
          {
            title: "Governing law",
            paragraphs: [
              "These terms are governed by the laws of the United Arab Emirates. Any dispute arising from them or from your use of the site is subject to the exclusive jurisdiction of the courts of Sharjah.",
            ],
          },
          {
            title: "Waiver",
            paragraphs: [
              "If we do not enforce any right or provision of these terms, that does not waive the right or provision. A waiver is valid only if made in writing.",
            ],
          },
          {
            title: "Headings",
            paragraphs: [
              "The headings in these terms are for convenience only and have no legal or contractual effect.",
            ],
          },
        ],
      },
      {
        title: "Contact us",
        paragraphs: [
          "If you have a question or a complaint about these terms or the site, please get in touch with our support team:",
        ],
      },
    ],
    email: "E-mail",
    phone: "Phone",
  },
};
