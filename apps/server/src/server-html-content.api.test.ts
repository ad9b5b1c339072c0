import { DomUtils } from "htmlparser2";
import { describe, expect, test } from "vitest";
import {
  flightsApi,
  normal,
  PUBLIC_URL,
  serverHtmlHost,
  shownElements,
  shownText,
  showsApi,
} from "./server-html-testing.ts";

/** Blogs, schedules, shows and flights in their pages' server answers (split from server-html.api.test.ts; PGlite only). */
const site = serverHtmlHost("server-html-content");
const { apiData, blogs, mainBlog, serverPage, followed, firstId } = site;

describe("blogs", () => {
  test("the capitalised /Blogs/{id} form shows the same blog, with the navigation", async () => {
    // Was e2e/content-dynamic.spec.ts "the capitalised /Blogs/{id} form shows the same blog".
    const main = await mainBlog();
    // As a browser follows it (the address's case is the server's to normalise).
    const { page } = await followed(`/Blogs/${main.id}`);
    expect(page.status).toBe(200);
    expect(page.h1).toBe(main.title);
    expect(
      shownElements(page.root()).filter((e) => e.name === "nav" && e.attribs["aria-label"] === "Main"),
    ).not.toEqual([]);
  });

  test("a missing or non-numeric blog id answers 404 with 'Blog not found.'", async () => {
    // The statuses, heading and title of e2e/content-dynamic.spec.ts's test of that name (axe and the way back stay there).
    for (const path of ["/blogs/999999", "/blogs/abc", "/Blogs/12abc"]) {
      const page = await serverPage(path);
      expect(page.status, path).toBe(404);
      expect(page.h1, path).toBe("Blog not found.");
      expect(page.title, path).toBe("Blog not found. | Khayl Logistics");
    }
  });

  test("a blog's page has its own title, description, Open Graph tags and canonical", async () => {
    // The head part of e2e/content-dynamic.spec.ts "a blog card opens the blog; its page has its own title, ...".
    const blog = (await blogs()).find((b) => !b.isMainBlog)!;
    const page = await serverPage(`/blogs/${blog.id}`);
    expect(page.title).toBe(`${blog.title} | Khayl Logistics`);
    expect(page.meta("description")).toBe(blog.summary);
    expect(page.meta("og:title")).toBe(blog.title);
    expect(page.meta("og:url")).toBe(`${PUBLIC_URL}/blogs/${blog.id}`);
    expect(page.meta("og:type")).toBe("article");
    // The demo blog images are SVG, which share previews do not render: the card uses the site's PNG.
    expect(page.meta("og:image")).toBe(`${PUBLIC_URL}/images/og-default.png`);
    expect(page.linkTag({ rel: "canonical" })).toBe(`${PUBLIC_URL}/blogs/${blog.id}`);
  });
});

test("a link of the API's texts to a page of the site stays in Arabic on an Arabic page", async () => {
  const paths = ["/ar/privacy-policy", "/ar/term-of-services", "/ar/release-note", "/ar/release-logs"];
  for (const { id } of await blogs()) paths.push(`/ar/blogs/${id}`);
  const ownPages: string[] = [];
  for (const path of paths) {
    const page = await serverPage(path);
    const texts = DomUtils.findAll((e) => /\brich-text\b/.test(e.attribs.class ?? ""), [page.root("main")]);
    for (const a of DomUtils.findAll((e) => e.name === "a", texts)) {
      const href = a.attribs.href ?? "";
      if (href.startsWith("/") && !href.startsWith("//")) ownPages.push(`${path} → ${href}`);
    }
  }
  // The demo's texts link to the schedules, the contact form and the legal pages.
  expect(ownPages.length).toBeGreaterThan(5);
  for (const link of ownPages) expect(link).toMatch(/ → \/ar(\/|$|\?)/);
});

describe("schedules, shows and flights", () => {
  test("the server HTML has the filtered schedules", async () => {
    // Was e2e/schedules.spec.ts "without JavaScript › the server HTML has the filtered schedules".
    const page = await serverPage("/transport?discipline=dressage");
    expect(page.h1).toBe("Plan Your Horse Transport with Ease");
    const cards = shownElements(page.root("main")).filter((e) => e.name === "li");
    const names = cards.flatMap((li) =>
      shownElements(li)
        .filter((e) => e.name === "button")
        .map((button) => normal(shownText(button))),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.join("|")).toContain("Dressage");
    expect(names.join("|")).not.toContain("Endurance");
  });

  test("a flight card's dates say they are the UAE's, as the flight's page does", async () => {
    // A flight leaving Liège at 21:00 on a Thursday departs on Friday in Dubai.
    for (const [path, departs, arrives] of [
      ["/flights", "Departs (UAE time):", "Arrives (UAE time):"],
      ["/ar/flights", "المغادرة (بتوقيت الإمارات):", "الوصول (بتوقيت الإمارات):"],
    ] as const) {
      const texts = [...(await serverPage(path)).shownTexts()].map(normal);
      expect(texts, path).toContain(departs);
      expect(texts, path).toContain(arrives);
    }
  });

  test("a show's page is whole in the server HTML", async () => {
    // Was e2e/trips.spec.ts "without JavaScript › a show's page is whole in the server HTML".
    const page = await serverPage(`/transport/${await firstId(showsApi)}`);
    expect(page.h1).toBeTruthy();
    // As Playwright's getByText("Venue"): a part of a text, any case.
    expect([...page.shownTexts()].some((text) => /venue/i.test(text))).toBe(true);
    expect(page.hrefs("All shows")).toEqual(["/transport"]);
  });

  test("an Arabic show name keeps the isolate around its code: the heading reads CDI3*, not *CDI3", async () => {
    // The seed writes the code in a left-to-right isolate (packages/db/src/seed/schedules-ar.ts).
    const { rows } = await apiData<{ rows: { id: number; eventName: string }[] }>(showsApi, "ar");
    const show = rows.find((row) => row.eventName.includes("\u2066CDI3*\u2069"));
    expect(show).toBeDefined();
    const page = await serverPage(`/ar/transport/${show?.id}`);
    expect(page.h1).toBe(show?.eventName);
    expect(page.title).toContain("\u2066CDI3*\u2069");
  });

  test("a show's head: title, description, canonical, hreflang and share card", async () => {
    // Was e2e/trips.spec.ts "a show's head: title, description, canonical, hreflang and share card".
    const id = await firstId(showsApi);
    const page = await serverPage(`/transport/${id}`);
    expect(page.status).toBe(200);
    expect(page.linkTag({ rel: "canonical" })).toMatch(new RegExp(`/transport/${id}$`));
    expect(page.linkTag({ rel: "alternate", hreflang: "ar" })).toMatch(/\/ar\/transport\/\d+$/);
    expect(page.meta("og:title")).toMatch(/.+/);
    expect(page.meta("description")).toMatch(/Road transport for your horses/);
  });

  test("an unknown, malformed or hidden id answers 404 with a link to the schedule", async () => {
    // The statuses, links and robots tag of e2e/trips.spec.ts's test of that name (its axe pass stays there).
    for (const [path, link, href] of [
      ["/transport/999999", "See the shows schedule", "/transport"],
      ["/transport/abc", "See the shows schedule", "/transport"],
      ["/flights/999999", "See the flights schedule", "/flights"],
      ["/ar/flights/999999", "اطّلع على جدول الرحلات", "/ar/flights"],
    ] as const) {
      const page = await serverPage(path);
      expect(page.status, path).toBe(404);
      expect(page.hrefs(link), path).toEqual([href]);
      expect(page.meta("robots"), path).toBe("noindex");
    }
  });

  test("a card offers a page only for a show or flight that has one (on the website)", async () => {
    // `/flights` and home's shows list rows that are not on the website: their pages answer
    // 404, so their cards name none (no 'Details' link, no `data-details` for the modal).
    type Row = { id: number; showOnWebsite?: boolean | null };
    const flights = (await apiData<{ rows: Row[] }>("/selective-services/website?limit=1000&offset=0")).rows;
    const shows = (await apiData<{ rows: Row[] }>("/event-services/website?limit=100&offset=0")).rows;
    for (const [list, rows, pathOf] of [
      ["/flights", flights, (id: number) => `/flights/${id}`],
      ["/", shows, (id: number) => `/transport/${id}`],
    ] as const) {
      const hidden = rows.filter((row) => row.showOnWebsite === false);
      const shown = rows.filter((row) => row.showOnWebsite === true);
      expect(hidden.length, list).toBeGreaterThan(0);
      expect(shown.length, list).toBeGreaterThan(0);
      const html = (await serverPage(list)).html;
      for (const row of hidden) {
        expect(html, `${list} ${row.id}`).not.toContain(`"${pathOf(row.id)}"`);
        expect((await serverPage(pathOf(row.id))).status).toBe(404);
      }
      for (const row of shown.slice(0, 3)) expect(html, `${list} ${row.id}`).toContain(`href="${pathOf(row.id)}"`);
    }
  });

  test("the sitemap lists show and flight pages in both languages", async () => {
    // Was e2e/trips.spec.ts "the sitemap lists show and flight pages in both languages".
    const show = await firstId(showsApi);
    const flight = await firstId(flightsApi);
    const xml = (await site.host.app.inject("/sitemap.xml")).body;
    expect(xml).toContain(`/transport/${show}</loc>`);
    expect(xml).toContain(`/ar/transport/${show}</loc>`);
    expect(xml).toContain(`/flights/${flight}</loc>`);
    expect(xml).toContain(`/ar/flights/${flight}</loc>`);
  });
});

describe("WhatsApp", () => {
  test("'Ask on WhatsApp' names the show and its date; the flight page and the contact page offer it too", async () => {
    // Was e2e/trips.spec.ts "'Ask on WhatsApp' names the show and its date; the contact page and its thank-you offer it too"
    // (it read the links' hrefs only).
    const id = await firstId(showsApi);
    const show = await apiData<{ eventName: string }>(`/event-services/website/${id}`);
    const showPage = await serverPage(`/transport/${id}`);
    const [href = ""] = showPage.hrefs(/^Ask on WhatsApp ?\(opens WhatsApp\)$/);
    // (Its screen-reader note is a separate, absolutely placed span: a browser names it with a space.)
    expect(href).toMatch(/^https:\/\/wa\.me\/971500000000\?text=/);
    const text = new URL(href).searchParams.get("text") ?? "";
    expect(text).toContain(show.eventName);
    expect(text).toMatch(/\d{2} \w{3} \d{4}/);
    expect(text).toContain(`/transport/${id}`);

    const flightPage = await serverPage(`/flights/${await firstId(flightsApi)}`);
    const [flightHref = ""] = flightPage.hrefs(/Ask on WhatsApp/);
    expect(new URL(flightHref).searchParams.get("text") ?? "").toMatch(
      /Import flight \w+ to \w+ departing \w+ \d{2} \w{3} \d{4}, \d{2}:\d{2}/,
    );

    const contact = await serverPage("/contact-us");
    expect(contact.hrefs(/Ask on WhatsApp/)).toEqual([expect.stringMatching(/^https:\/\/wa\.me\//)]);
  });

  test("a show without a date is asked about, shared and described without one, never with '-' in a sentence", async () => {
    const { rows } = await apiData<{ rows: { id: number; startDate: string | null; eventName: string }[] }>(showsApi);
    const undated = rows.find((show) => !show.startDate);
    expect(undated, "the demo has a show without dates").toBeDefined();
    for (const [prefix, whatsApp, share] of [
      ["", "Hello, I would like to book horse transport to ", "Horse transport to "],
      ["/ar", "مرحبًا، أود حجز نقل الخيول إلى ", "نقل الخيول إلى "],
    ] as const) {
      const page = await serverPage(`${prefix}/transport/${undated?.id}`);
      const name = page.h1;
      const [href = ""] = page.hrefs(prefix ? /واتساب/ : /Ask on WhatsApp/);
      expect(new URL(href).searchParams.get("text")).toBe(
        `${whatsApp}${name}: ${PUBLIC_URL}${prefix}/transport/${undated?.id}`,
      );
      const shareButton = DomUtils.findOne((e) => e.attribs["data-share-text"] !== undefined, page.document.children);
      expect(shareButton?.attribs["data-share-text"]).toBe(`${share}${name}`);
      expect(page.meta("description")).not.toMatch(/[,،] -|\s-\./);
    }
  });
});

test("the truck banner is described as the truck it shows, on the About page as on the app's page", async () => {
  // The About page once described it as 'a horse looking over a paddock fence at sunset'.
  for (const prefix of ["", "/ar"]) {
    const altsOf = async (path: string) =>
      DomUtils.findAll(
        (e) => e.name === "img" && e.attribs.src === "/images/truck-banner.svg",
        [(await serverPage(`${prefix}${path}`)).root()],
      ).map((img) => img.attribs.alt);
    const about = await altsOf("/aboutus");
    expect(about, prefix).toHaveLength(1);
    expect(about, prefix).toEqual(await altsOf("/Khayl-App"));
    expect(about[0], prefix).not.toMatch(/paddock|سياج/);
  }
});
