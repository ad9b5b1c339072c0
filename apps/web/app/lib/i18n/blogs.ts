import { defineArea } from "./area.ts";
import { blogs as en } from "./en/blogs.ts";

/** Strings of /blogs, /blogs/{id} and the home teaser (product §2 Blog list and detail): `useBlogsT()` in components, `blogsCatalogueFor()` in loaders and meta. */
export const [useBlogsT, blogsCatalogueFor] = defineArea({ en });
