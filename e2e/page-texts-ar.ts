import { formatBlogDate, formatReleaseLogDate } from "@khayl/contract/format";
import { type ApiData, blogsOf, type ReleaseLog } from "./page-texts.ts";

/**
 * What each Arabic page must show and must not leave in English (decision 016), for the
 * browser spec (`e2e/ar-pages.spec.ts`) and the server-HTML suite
 * (`apps/server/src/server-html.api.test.ts`), as `e2e/page-texts.ts` does for English.
 */

export interface ArabicPage {
  /** The page under /ar. */
  path: string;
  /** Shows the site navigation (product §2). */
  nav: boolean;
  /** Arabic texts the page shows (headings or whole text elements). */
  texts: string[];
  /** English interface texts of the same page, which must not be left (as text, label or alt text). */
  english: string[];
  /** The document title is the API's (a blog's own title), not one of the site's texts. */
  contentTitle?: boolean;
}

/** Each Arabic page with its texts; `load` reads what depends on the demo data. */
export const arabicPages: { name: string; load: (api: ApiData) => Promise<ArabicPage> }[] = [
  {
    name: "/ar/blogs",
    async load(api) {
      const main = (await blogsOf(api)).find((blog) => blog.isMainBlog)!;
      return {
        path: "/ar/blogs",
        nav: true,
        texts: ["المدونة", "مقال مميّز", "مزيد من المقالات", formatBlogDate(main.date, "ar")],
        english: ["Blogs", "Featured", "More articles", formatBlogDate(main.date)],
      };
    },
  },
  {
    name: "/ar/blogs/{id}",
    async load(api) {
      const main = (await blogsOf(api)).find((blog) => blog.isMainBlog)!;
      return {
        path: `/ar/blogs/${main.id}`,
        nav: true,
        texts: ["كل المقالات", formatBlogDate(main.date, "ar")],
        english: ["All blogs", formatBlogDate(main.date), "Tags"],
        contentTitle: true,
      };
    },
  },
  {
    name: "/ar/aboutus",
    load: async () => ({
      path: "/ar/aboutus",
      nav: true,
      texts: [
        "من نحن",
        "لماذا؟",
        "ماذا",
        "كيف",
        "ما نقدّمه",
        "النقل المحلي",
        "ما نؤمن به",
        "الخيل أولًا",
        "داخل التطبيق",
      ],
      english: [
        "About us",
        "Why?",
        "What we do",
        "Local Transport",
        "Horse First Approach",
        "Inside the app",
        "Our story",
      ],
    }),
  },
  {
    name: "/ar/Khayl-App",
    load: async () => ({
      path: "/ar/Khayl-App",
      nav: true,
      texts: [
        "خدمات الخيول أسهل معنا",
        "أكثر تجارب لوجستيات الخيول إبداعًا",
        "انقل خيلك دون عناء",
        "إدارة مبسّطة للخيول",
        "إدارة مبسّطة للبيانات",
        "احصل على تطبيق Khayl",
      ],
      english: [
        "Equine Service Made Simple with us",
        "Simplified Horse Management",
        "You'll never miss a flight",
        "Get the Khayl app",
        "Slides",
        "Tracking screen of the app",
      ],
    }),
  },
  {
    name: "/ar/privacy-policy",
    load: async () => ({
      path: "/ar/privacy-policy",
      nav: true,
      texts: ["سياسة الخصوصية", "الوثائق القانونية"],
      english: ["Privacy Policy", "Legal", "Last updated"],
    }),
  },
  {
    name: "/ar/term-of-services",
    load: async () => ({
      path: "/ar/term-of-services",
      nav: true,
      texts: ["الشروط والأحكام", "الوثائق القانونية"],
      english: ["Terms and Conditions", "Legal", "Last updated"],
    }),
  },
  {
    name: "/ar/term-of-use",
    load: async () => ({
      path: "/ar/term-of-use",
      nav: false,
      texts: [
        "شروط الاستخدام",
        "المحتويات",
        "0. استخدام الموقع",
        "9. إخلاء المسؤولية وتحديدها",
        "12. القانون الواجب التطبيق والأحكام الختامية",
        "13. اتصل بنا",
        "البريد الإلكتروني",
      ],
      english: ["Terms of Use", "Contents", "0. Use of the site", "13. Contact us", "E-mail", "Phone"],
    }),
  },
  {
    name: "/ar/release-note",
    load: async () => ({
      path: "/ar/release-note",
      nav: false,
      texts: ["ما الجديد", "تحديثات وتحسينات جديدة على المنتج"],
      english: ["What's New", "New updates and improvements to the product"],
    }),
  },
  {
    name: "/ar/release-logs",
    async load(api) {
      const [log] = (await api<{ rows: ReleaseLog[] }>("/release-logs/getWebsiteRelease?limit=1000&offset=0")).rows;
      return {
        path: "/ar/release-logs",
        nav: true,
        texts: [
          "خطّط على طريقة Khayl.",
          "ما الجديد؟",
          `الإصدار ${log!.title}`,
          `الإصدار ${log!.title} من Khayl`,
          formatReleaseLogDate(log!.date, "ar"),
        ],
        english: [
          "Plan the Khayl way.",
          "What's new?",
          `V ${log!.title}`,
          `Khayl Version ${log!.title}`,
          `Khayl ${log!.title} on a phone`,
        ],
      };
    },
  },
  {
    name: "/ar/QR",
    load: async () => ({
      path: "/ar/QR",
      nav: false,
      texts: ["انضم إلى Khayl الآن!", "امسح الرمز بكاميرا هاتفك للحصول على التطبيق"],
      english: ["Join Khayl Now!", "Scan with your phone camera to get the app"],
    }),
  },
  {
    name: "/ar/links",
    load: async () => ({
      path: "/ar/links",
      nav: false,
      texts: ["حمّل تطبيقنا", "جداولنا", "البطولات", "الرحلات الجوية", "دائمًا هنا لمساعدتك.", "تواصل مع الدعم"],
      english: ["Get our App", "Our Schedules", "Flight", "Always here to assist.", "Contact Support"],
    }),
  },
];
