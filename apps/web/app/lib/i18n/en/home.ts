/** English strings of the home page hero, panels and feature cards (product §1–§2). */
export const home = {
  /** Home page additions (issue 3): the hero, panels and feature cards (product §1–§2). */
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
};
