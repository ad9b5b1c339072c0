/**
 * The English core catalogue (architecture §3.12): the strings every page may need
 * (navigation, footer, store buttons, the app modal, schedules). Each page's own
 * strings live in an area (`../<area>.ts`, see `area.ts`) so they ship only with it.
 * Spec texts are copied letter for letter from product §1–§9. Strings that take values
 * are functions. Other languages implement `Catalogue` with the same shape.
 */
export const en = {
  meta: {
    siteDescription: (company: string) =>
      `${company}: horse transport to shows and clinics across the UAE, and international horse shipping by air.`,
    /** Alt text of the default share image (/images/og-default.png). */
    shareImageAlt: "A horse truck with three horses on board on a desert road",
  },
  common: {
    showAll: "Show all",
    loading: "Loading…",
    close: "Close",
    home: "Home",
    showMore: "Show more",
    showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  },
  nav: {
    label: "Main",
    home: "Home",
    shows: "Shows",
    flights: "Flights",
    blogs: "Blogs",
    aboutUs: "About us",
    contactUs: "Contact us",
    appButton: (product: string) => `${product} App`,
    openMenu: "Open menu",
    closeMenu: "Close menu",
    skipToContent: "Skip to content",
  },
  footer: {
    tagline: "Yalla, Let's Move Forward Together!",
    country: "United Arab Emirates",
    privacyPolicy: "Privacy Policy",
    terms: "Terms & Condition",
    contactUs: "Contact us",
    copyright: (year: number, company: string) => `© ${year} ${company}. All rights reserved.`,
    instagram: "Instagram",
    linkedin: "LinkedIn",
    social: "Follow us",
  },
  stores: {
    appStore: "Download on the App Store",
    appStoreShort: "App Store",
    googlePlay: "Get it on Google Play",
    googlePlayShort: "Google Play",
  },
  appModal: {
    title: "All of our services available on the app",
    body: "Book transport and flights for your horses in the app.",
  },
  home: {
    headline: "Wherever your equine journey takes you",
    transportSection: "Transport schedule",
    shippingSection: "Shipping schedule",
  },
  transport: {
    title: "Shows",
    bannerTitle: "Plan Your Horse Transport with Ease",
    description:
      "Upcoming horse shows across the UAE with road transport for your horses: show jumping, dressage, endurance, eventing and tent pegging.",
    filterLabel: "Filter by discipline",
    all: "All",
    empty: "There's no available transport",
    /** product §3: an event's category when it has none. */
    defaultCategory: "International",
    /** Chip labels by discipline id (product §2, §3). */
    disciplines: { 1: "Show Jumping", 2: "Endurance", 3: "Dressage", 5: "Eventing", 6: "Tent Pegging" },
    from: "Venue",
    dates: "Dates",
  },
  flights: {
    title: "Flights",
    bannerTitle: "Plan Your Horse Shipping with Ease",
    description:
      "Upcoming import and export flights for horses between the UAE and Europe, the UK and the US, with dates and airports.",
    filterLabel: "Filter by flight type",
    all: "All",
    import: "Import",
    export: "Export",
    empty: "No flights available at the moment",
    route: (from: string, to: string) => `${from} to ${to}`,
    departs: "Departs",
    arrives: "Arrives",
  },
  errors: {
    unexpected: "Unexpected Application Error!",
  },
};

export type Catalogue = typeof en;
