/** English strings of /blogs, /blogs/{id} and the home teaser (product §2 Blog list and detail). */
export const blogs = {
  /** /blogs and the home teaser (product §2 Blog list). */
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
  /** /blogs/{id} (product §2 Blog detail). */
  blog: {
    notFound: "Blog not found.",
    notFoundBody: "This article may have been moved or removed.",
    back: "All blogs",
    tags: "Tags",
  },
};
