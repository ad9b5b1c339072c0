/** English strings of /release-logs (product §2 Release logs). */
export const releaseLogs = {
  /** /release-logs (product §2 Release logs). */
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
};
