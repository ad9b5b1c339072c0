/** English strings of /release-note (product §2 What's New). */
export const releaseNote = {
  /** /release-note (product §2 What's New). */
  releaseNote: {
    title: "What's New",
    subtitle: "New updates and improvements to the product",
    empty: "No updates yet. Please check back later!",
  },
};
