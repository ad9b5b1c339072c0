import { blogEndpoints } from "@khayl/contract/blogs";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../../deps.ts";
import { publicList, publiclyCached } from "../../http/cache.ts";
import { requestLanguage } from "../../http/language.ts";
import { registerEndpoint } from "../../http/route.ts";
import { getWebsiteBlog, listWebsiteBlogs } from "./service.ts";

/** `GET /blog/getWebsiteBlogs` and `GET /blog/:id` (product §7): the blog list and a blog, publicly cacheable. */
export function blogRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoint(app, blogEndpoints.listWebsite, ({ query }, route) =>
    publicList(deps.answers, route, () => listWebsiteBlogs(deps.db, query, requestLanguage(route.request))),
  );
  registerEndpoint(app, blogEndpoints.get, ({ params }, { request, reply }) =>
    publiclyCached(reply, getWebsiteBlog(deps.db, params.id, requestLanguage(request))),
  );
}
