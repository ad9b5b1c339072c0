import { index, layout, prefix, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import type { Language } from "./lib/i18n/language.ts";

/**
 * Every page of product §2 in one language. Routes inside the `site` layout show the top
 * navigation and the footer; the others (product §2: /term-of-use, /release-note, /QR,
 * /links, /delete-account, /success) render without them, each with the language switch in
 * its own header. Matching is case-insensitive, so
 * `/Blogs/{id}` reaches the blog detail too. `:productApp` is the `/{product}-App` page (its
 * loader checks the product name). `/invoice/{hash}/pdf` and `/payment` are resource routes
 * of the invoice page, `/transport/{id}/calendar.ics` and `/flights/{id}/calendar.ics` the
 * calendar files of a show and a flight, `/calendar/shows.ics` and `/calendar/flights.ics` the
 * feeds (product §2, show and flight pages). Arabic reuses the same modules under `/ar` (decision 016), with route
 * ids prefixed `ar/` so that a language switch remounts the page.
 */
function pages(language: Language): RouteConfigEntry[] {
  const id = (name: string) => (language === "en" ? {} : { id: `${language}/${name}` });
  const page = (path: string, file: string) => route(path, `routes/${file}`, id(file.replace(/\.tsx?$/, "")));
  return [
    layout("routes/layouts/site.tsx", id("layouts/site"), [
      index("routes/home.tsx", id("home")),
      page("transport", "transport.tsx"),
      page("transport/:id", "show-detail.tsx"),
      page("flights", "flights.tsx"),
      page("flights/:id", "flight-detail.tsx"),
      page("aboutus", "aboutus.tsx"),
      page("privacy-policy", "privacy-policy.tsx"),
      page("term-of-services", "term-of-services.tsx"),
      page("blogs", "blogs.tsx"),
      page("blogs/:id", "blog-detail.tsx"),
      page("release-logs", "release-logs.tsx"),
      page("contact-us", "contact-us.tsx"),
      page("invoice/:hash", "invoice.tsx"),
      page("alerts", "alerts.tsx"),
      page("alerts/confirm/:token", "alert-confirm.tsx"),
      page("alerts/manage/:token", "alert-manage.tsx"),
      page(":productApp", "product-app.tsx"),
    ]),
    page("term-of-use", "term-of-use.tsx"),
    page("release-note", "release-note.tsx"),
    page("QR", "qr.tsx"),
    page("links", "links.tsx"),
    page("delete-account", "delete-account.tsx"),
    page("success", "success.tsx"),
    page("invoice/:hash/pdf", "invoice-pdf.ts"),
    page("transport/:id/calendar.ics", "show-calendar[.]ics.ts"),
    page("flights/:id/calendar.ics", "flight-calendar[.]ics.ts"),
    page("calendar/shows.ics", "calendar-shows[.]ics.ts"),
    page("calendar/flights.ics", "calendar-flights[.]ics.ts"),
    page("invoice/:hash/payment", "invoice-payment.ts"),
    page("*", "catch-all.tsx"),
  ];
}

export default [
  ...pages("en"),
  ...prefix("ar", pages("ar")),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("manifest.webmanifest", "routes/manifest[.]webmanifest.ts"),
  route("ar/manifest.webmanifest", "routes/manifest[.]webmanifest.ts", { id: "manifest-ar" }),
] satisfies RouteConfig;
