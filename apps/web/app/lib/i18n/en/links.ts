/** English strings of /links (product §2). */
export const links = {
  /** /links (issue 3, product §2). */
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
};
