import { formatBlogDate, formatReleaseLogDate, formatReleaseNoteDate } from "@khayl/contract/format";

/**
 * What each content page must show (product §1–§2, decision 016 for /ar), in one place for
 * the two levels that check it: the browser specs (visible, with axe) and the server-HTML
 * suite (`apps/server/src/server-html.api.test.ts`: present without JavaScript). Texts that
 * depend on the demo data are read from the API the pages call, through `ApiData`. The
 * Arabic pages' texts: `e2e/page-texts-ar.ts`.
 */

/** Reads `data` of a public API answer (`/api/v1` + `path`), in `language` (default English). */
export type ApiData = <T>(path: string, language?: "en" | "ar") => Promise<T>;

/** A blog as `GET /blog/getWebsiteBlogs` lists it (the fields the checks read). */
export type Blog = {
  id: number;
  title: string;
  date: string;
  isMainBlog: boolean;
  category: string;
  tag: string[];
  summary: string;
};
/** A What's New entry (`GET /release-logs/`). */
type ReleaseNote = { title: string; date: string; tag: string };
/** A release log (`GET /release-logs/getWebsiteRelease`). */
export type ReleaseLog = { title: string; date: string; Image: string };

/** The blogs as the API gives them in `language` (product §7's `language` header). */
export const blogsOf = async (api: ApiData, language: "en" | "ar" = "en") =>
  (await api<{ rows: Blog[] }>("/blog/getWebsiteBlogs?limit=100&offset=0", language)).rows;

/** What each static page must show (product §1–§2), with or without JavaScript. */
export const staticPages: { path: string; nav: boolean; texts: string[] }[] = [
  {
    path: "/",
    nav: true,
    texts: [
      "Wherever your equine journey takes you",
      "leading the way in horse logistics innovation",
      "No stress, Just progress",
      "Move your horses the Smart way",
      "Plan Smarter",
      "Organize Seamlessly",
      "Easy Transactions",
    ],
  },
  {
    path: "/aboutus",
    nav: true,
    texts: [
      "Why?",
      "What",
      "How",
      "Local Transport",
      "International Shipping",
      "Software Development",
      "Horse First Approach",
      "Smart Technology",
      "Care Driven Team",
      "Creatively track your horse",
      "Easy Steps",
      "Everything in one place",
      "Sharing is caring",
      "Easy Profile",
      "Wallet",
      "Invoices",
      "24/7 Available",
    ],
  },
  {
    path: "/Khayl-App",
    nav: true,
    texts: [
      "Equine Service Made Simple with us",
      "The Most Creative Equine Logistics Experience",
      "Move your horse without stress",
      "You'll never miss a flight",
      "Simplified Horse Management",
      "Simplified Data Management",
    ],
  },
  { path: "/QR", nav: false, texts: ["Join Khayl Now!"] },
  { path: "/links", nav: false, texts: ["Get our App", "Our Schedules", "Always here to assist."] },
  {
    path: "/term-of-use",
    nav: false,
    texts: [
      "Terms of Use",
      "0. Use of the site",
      "3. Intellectual property rights",
      "4. User representations",
      "7. Privacy",
      "9. Disclaimer and limitation of liability",
      "10. Indemnification",
      "11. Termination",
      "13. Contact us",
    ],
  },
];

/** Each route's specified texts (read from the demo data) and whether it shows the navigation (product §2). */
export const dynamicPages: {
  name: string;
  nav: boolean;
  load: (api: ApiData) => Promise<{ path: string; texts: string[] }>;
}[] = [
  {
    name: "/blogs",
    nav: true,
    async load(api) {
      const blogs = await blogsOf(api);
      const main = blogs.find((blog) => blog.isMainBlog)!;
      const other = blogs.find((blog) => !blog.isMainBlog)!;
      return {
        path: "/blogs",
        texts: ["Blogs", "Featured", main.title, formatBlogDate(main.date), other.title, other.tag[0]!],
      };
    },
  },
  {
    name: "/blogs/{id}",
    nav: true,
    async load(api) {
      const main = (await blogsOf(api)).find((blog) => blog.isMainBlog)!;
      return {
        path: `/blogs/${main.id}`,
        texts: [main.title, main.category, formatBlogDate(main.date), "How the season runs"],
      };
    },
  },
  {
    name: "/term-of-services",
    nav: true,
    load: async () => ({
      path: "/term-of-services",
      texts: ["Terms and Conditions", "General Terms and Conditions of Service", "13. Governing law and jurisdiction"],
    }),
  },
  {
    name: "/privacy-policy",
    nav: true,
    load: async () => ({
      path: "/privacy-policy",
      texts: ["Privacy Policy", "Personal Data Protection Policy", "8. Your rights"],
    }),
  },
  {
    name: "/release-note",
    nav: false,
    async load(api) {
      const [note] = (await api<{ rows: ReleaseNote[] }>("/release-logs/?limit=1000&offset=0")).rows;
      return {
        path: "/release-note",
        texts: [
          "What's New",
          "New updates and improvements to the product",
          note!.title,
          note!.tag,
          formatReleaseNoteDate(note!.date),
        ],
      };
    },
  },
  {
    name: "/release-logs",
    nav: true,
    async load(api) {
      const [log] = (await api<{ rows: ReleaseLog[] }>("/release-logs/getWebsiteRelease?limit=1000&offset=0")).rows;
      return {
        path: "/release-logs",
        texts: [
          "Plan the Khayl way.",
          "What's new?",
          `V ${log!.title}`,
          `Khayl Version ${log!.title}`,
          formatReleaseLogDate(log!.date),
        ],
      };
    },
  },
];
