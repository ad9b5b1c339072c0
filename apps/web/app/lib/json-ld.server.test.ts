import { parseEnv, publicConfig } from "@khayl/config/env";
import type { Event } from "@khayl/contract/events";
import { describe, expect, test } from "vitest";
import { blogJsonLd, breadcrumbJsonLd, organizationJsonLd, showJsonLd } from "./json-ld.server.ts";

/**
 * Product §2, show and flight pages: schema.org data, as JSON a search engine reads back. How the
 * page writes it (escaped, in the head) is tested with the real page in apps/server/src/host.api.test.ts.
 */

const config = { ...publicConfig(parseEnv({})), publicUrl: "https://khayl.example" };
const read = (data: object | null) => {
  if (!data) throw new Error("no JSON-LD object");
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
};

const show: Event = {
  id: 12,
  eventName: "Desert Cup",
  eventStatus: "Open",
  place: { code: "AWE", name: "Al Wathba Endurance Village" },
  startDate: "2030-01-10T06:00:00.000Z",
  endDate: "2030-01-12T14:00:00.000Z",
  eventCategory: "National",
  eventDiscipline: 2,
  language: "en",
};

describe("JSON-LD", () => {
  test("a show is an Event with its dates, venue and status, hosted by no one we name", () => {
    const data = read(showJsonLd(show, "https://khayl.example/transport/12"));
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: show.eventName,
      startDate: "2030-01-10T06:00:00.000Z",
      endDate: "2030-01-12T14:00:00.000Z",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", name: "Al Wathba Endurance Village", address: { addressCountry: "AE" } },
      url: "https://khayl.example/transport/12",
    });
    // The company carries horses to shows others host: it is not their organizer.
    expect(data).not.toHaveProperty("organizer");
    const cancelled = read(showJsonLd({ ...show, eventStatus: "Cancelled" }, "u"));
    expect(cancelled.eventStatus).toBe("https://schema.org/EventCancelled");
  });

  test("a date-only show gives its Dubai days, the last one included; an end before the start is left out", () => {
    // 00:00 in Dubai on 20 and 22 December: the page and its calendar file say 20–22 Dec.
    const days = read(
      showJsonLd({ ...show, startDate: "2026-12-19T20:00:00.000Z", endDate: "2026-12-21T20:00:00.000Z" }, "u"),
    );
    expect([days.startDate, days.endDate]).toEqual(["2026-12-20", "2026-12-22"]);
    const backwards = read(
      showJsonLd({ ...show, startDate: "2026-12-12T06:00:00.000Z", endDate: "2026-12-10T06:00:00.000Z" }, "u"),
    );
    expect(backwards.startDate).toBe("2026-12-12T06:00:00.000Z");
    expect(backwards).not.toHaveProperty("endDate");
  });

  test("a show's status in Arabic (as the API gives it on Arabic pages) is read too", () => {
    const status = (eventStatus: string) => read(showJsonLd({ ...show, eventStatus }, "u")).eventStatus;
    expect(status("ملغاة")).toBe("https://schema.org/EventCancelled");
    expect(status("تم الإلغاء")).toBe("https://schema.org/EventCancelled");
    expect(status("مؤجل")).toBe("https://schema.org/EventPostponed");
    expect(status("مفتوح")).toBe("https://schema.org/EventScheduled");
  });

  test("a show without a start date has no Event (search engines refuse one without startDate)", () => {
    expect(showJsonLd({ ...show, startDate: null, endDate: null }, "u")).toBeNull();
    expect(showJsonLd({ ...show, startDate: undefined }, "u")).toBeNull();
  });

  test("an Arabic page names the company in Arabic: the Organization, a blog's publisher", () => {
    expect(read(organizationJsonLd(config, "ar"))).toMatchObject({
      name: config.companyNameAr,
      alternateName: config.companyName,
    });
    const facts = { title: "t", description: "d", date: null, image: null, category: null, tags: [] };
    const arabicBlog = read(blogJsonLd(facts, "https://khayl.example/ar/blogs/1", "en", config, "ar"));
    expect(arabicBlog).toMatchObject({ inLanguage: "en", publisher: { name: config.companyNameAr } });
  });

  test("a blog is a BlogPosting, home names the Organization, detail pages have a BreadcrumbList", () => {
    const blog = read(
      blogJsonLd(
        {
          title: "Travelling with horses",
          description: "Tips",
          date: "2025-01-05T08:00:00.000Z",
          image: "/images/blog/1.jpg",
          category: "Care",
          tags: ["travel"],
        },
        "https://khayl.example/blogs/1",
        "en",
        config,
        "en",
      ),
    );
    expect(blog).toMatchObject({
      "@type": "BlogPosting",
      headline: "Travelling with horses",
      datePublished: "2025-01-05T08:00:00.000Z",
      image: "https://khayl.example/images/blog/1.jpg",
      publisher: { "@type": "Organization" },
    });
    expect(read(organizationJsonLd(config, "en"))).toMatchObject({
      "@type": "Organization",
      name: config.companyName,
      alternateName: config.companyNameAr,
      url: "https://khayl.example/",
      sameAs: [config.instagramUrl, config.linkedinUrl],
    });
    const trail = read(
      breadcrumbJsonLd([
        { name: "Home", url: "https://khayl.example/" },
        { name: "Shows", url: "https://khayl.example/transport" },
      ]),
    );
    expect(trail).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home" },
        { "@type": "ListItem", position: 2, item: "https://khayl.example/transport" },
      ],
    });
  });
});
