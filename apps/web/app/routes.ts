import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every route of product §2. Routes inside the `site` layout show the top navigation and
 * the footer; the others (product §2: /term-of-use, /release-note, /QR, /links,
 * /delete-account, /success) render bare. Matching is case-insensitive, so
 * `/Blogs/{id}` reaches the blog detail too. `:productApp` is the `/{product}-App`
 * page (its loader checks the product name). `/invoice/{hash}/pdf` and `/payment` are
 * resource routes of the invoice page. Unknown paths redirect to `/`.
 */
export default [
  layout("routes/layouts/site.tsx", [
    index("routes/home.tsx"),
    route("transport", "routes/transport.tsx"),
    route("flights", "routes/flights.tsx"),
    route("aboutus", "routes/aboutus.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("term-of-services", "routes/term-of-services.tsx"),
    route("blogs", "routes/blogs.tsx"),
    route("blogs/:id", "routes/blog-detail.tsx"),
    route("release-logs", "routes/release-logs.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("invoice/:hash", "routes/invoice.tsx"),
    route(":productApp", "routes/product-app.tsx"),
  ]),
  route("term-of-use", "routes/term-of-use.tsx"),
  route("release-note", "routes/release-note.tsx"),
  route("QR", "routes/qr.tsx"),
  route("links", "routes/links.tsx"),
  route("delete-account", "routes/delete-account.tsx"),
  route("success", "routes/success.tsx"),
  route("invoice/:hash/pdf", "routes/invoice-pdf.ts"),
  route("invoice/:hash/payment", "routes/invoice-payment.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("manifest.webmanifest", "routes/manifest[.]webmanifest.ts"),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
