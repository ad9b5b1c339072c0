import type { PublicConfig } from "@khayl/config/env";
import { dubaiIsoDate, isDateOnly } from "@khayl/contract/dubai-days";
import { eventPlaceCode } from "@khayl/contract/event-fields";
import type { Event } from "@khayl/contract/events";
import type {
  BlogPosting,
  BreadcrumbList,
  EventStatusType,
  Organization,
  Event as SchemaEvent,
  WithContext,
} from "schema-dts";
import { endAfter } from "./calendar.server.ts";
import { companyNameIn } from "./config.ts";
import { type Language, otherLanguage } from "./i18n/language.ts";
import type { JsonLdObject } from "./meta.ts";

/**
 * schema.org structured data (product §2, show and flight pages) for search engines, typed with `schema-dts`: an
 * `Event` per show, a `BlogPosting` per blog, the company's `Organization` on home and a
 * `BreadcrumbList` on detail pages. Instants are ISO-8601 UTC strings as the API sends them.
 * Server only: a page's loader builds its objects and its `meta` hands them to React Router
 * (`pageMeta`'s `jsonLd`), which writes each as an escaped `<script type="application/ld+json">`
 * data block in the head, so none of this code reaches the browser. Data blocks carry no
 * nonce: CSP does not govern them (decision 019).
 */

type Config = Pick<
  PublicConfig,
  "companyName" | "companyNameAr" | "publicUrl" | "instagramUrl" | "linkedinUrl" | "supportEmail" | "supportPhone"
>;

/**
 * The company as schema.org's Organization: name in the page's language (`companyNameIn`:
 * `COMPANY_NAME_AR` on an Arabic page) with the other as `alternateName`, site, logo, contact
 * and social pages (home).
 */
export function organizationJsonLd(config: Config, pageLanguage: Language): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: companyNameIn(config, pageLanguage),
    alternateName: companyNameIn(config, otherLanguage(pageLanguage)),
    url: `${config.publicUrl}/`,
    logo: `${config.publicUrl}/images/icon-512.png`,
    email: config.supportEmail,
    telephone: config.supportPhone,
    address: { "@type": "PostalAddress", addressCountry: "AE" },
    sameAs: [config.instagramUrl, config.linkedinUrl],
  } satisfies WithContext<Organization>;
}

/** A schema.org reference to the company (a blog's `publisher`), named in the page's language. */
function company(config: Config, pageLanguage: Language) {
  return {
    "@type": "Organization",
    name: companyNameIn(config, pageLanguage),
    url: `${config.publicUrl}/`,
  } satisfies Organization;
}

/**
 * The schema.org status of a show from the provider's free-text `eventStatus`, which the API
 * gives in the page's language: cancelled or postponed when it says so in English or in
 * Arabic (ملغى/ملغاة, إلغاء; مؤجل, تأجيل), else scheduled.
 */
function eventStatusOf(status: string | null | undefined): Extract<EventStatusType, string> {
  const text = status?.toLowerCase() ?? "";
  if (/cancel|ملغ|إلغاء|ألغي/.test(text)) return "https://schema.org/EventCancelled";
  if (/postpon|مؤجل|تأجيل|أُجّل/.test(text)) return "https://schema.org/EventPostponed";
  return "https://schema.org/EventScheduled";
}

/**
 * A show's `startDate` and `endDate` for schema.org: instants (UTC) as the API sends them, or
 * for a date-only show (both at 00:00 in Asia/Dubai, architecture §3.5) its Dubai days, the
 * end day included, as the page and its calendar file give them (an instant at the end's
 * midnight would drop that day). An end before the start is left out, as unknown (`endAfter`).
 */
function showDates(startDate: string, endDate: string | null | undefined): { startDate: string; endDate?: string } {
  const start = new Date(startDate);
  const end = endAfter(start, endDate);
  if (isDateOnly(start, end)) {
    return { startDate: dubaiIsoDate(start), ...(end ? { endDate: dubaiIsoDate(end) } : {}) };
  }
  return { startDate, ...(end && endDate ? { endDate } : {}) };
}

/**
 * A show as a schema.org Event: its name, start and end (`showDates`), its venue as the location
 * (name, or the venue code, in the UAE), its status and its page; `url` is the page's absolute
 * address. `null` for a show without a start date: an Event without `startDate` is invalid
 * for search engines (as a calendar entry, it has none either). No `organizer`: the shows are
 * hosted by others, the company only carries horses to them (product §2, structured data).
 */
export function showJsonLd(show: Event, url: string): JsonLdObject | null {
  if (!show.startDate) return null;
  const code = eventPlaceCode(show);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: show.eventName,
    url,
    ...showDates(show.startDate, show.endDate),
    eventStatus: eventStatusOf(show.eventStatus),
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: show.place?.name ?? code ?? "-",
      address: { "@type": "PostalAddress", addressCountry: "AE" },
    },
  } satisfies WithContext<SchemaEvent>;
}

/** What a blog page knows about its blog (`BlogView`). */
interface BlogFacts {
  title: string;
  description: string;
  date: string | null;
  image: string | null;
  category: string | null;
  tags: string[];
}

/**
 * A blog as a schema.org BlogPosting: headline, description, publication date (UTC), image,
 * publisher (named in `pageLanguage`), page; `language` is the language of the blog's texts.
 */
export function blogJsonLd(
  blog: BlogFacts,
  url: string,
  language: string,
  config: Config,
  pageLanguage: Language,
): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: blog.title,
    description: blog.description,
    url,
    mainEntityOfPage: url,
    inLanguage: language,
    ...(blog.date ? { datePublished: blog.date } : {}),
    ...(blog.image ? { image: new URL(blog.image, `${config.publicUrl}/`).toString() } : {}),
    ...(blog.category ? { articleSection: blog.category } : {}),
    ...(blog.tags.length ? { keywords: blog.tags.join(", ") } : {}),
    author: company(config, pageLanguage),
    publisher: company(config, pageLanguage),
  } satisfies WithContext<BlogPosting>;
}

/** A detail page's trail (Home › Shows › the show) as a schema.org BreadcrumbList; `url`s absolute. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  } satisfies WithContext<BreadcrumbList>;
}
