import { DomUtils } from "htmlparser2";
import { describe, expect, test } from "vitest";
import { dynamicPages, staticPages } from "../../../e2e/page-texts.ts";
import { arabicPages } from "../../../e2e/page-texts-ar.ts";
import { qrCodeSvg } from "../../web/app/lib/qr.server.ts";
import {
  accessibleName,
  flightsApi,
  normal,
  PUBLIC_URL,
  ServerPage,
  serverHtmlHost,
  shownElements,
} from "./server-html-testing.ts";
import { mailedAlertToken } from "./testing.ts";

/**
 * What each page's server answer says before any script runs, read from the one process as
 * `npm start` runs it (`app.inject`, no browser): the texts a visitor without JavaScript
 * reads, head tags, statuses, redirects, the sitemap and the calendar files. These checks
 * were Playwright tests that only read the server's answer (decision 030: each check at the
 * cheapest level that sees it); the browser specs keep the journeys, the no-JS
 * interactions, layout and one axe pass per route per language. Rendering does not depend
 * on the database: this file runs on PGlite only.
 */
const site = serverHtmlHost("server-html");
const { apiData, serverPage, followed } = site;

/** Fails naming every expected text the page does not show. */
function expectShown(page: ServerPage, texts: string[], scope: "body" | "main" = "body") {
  const shown = page.shownTexts(scope);
  expect(
    texts.filter((text) => !shown.has(text)),
    "texts missing from the server HTML",
  ).toEqual([]);
}

// The pages' texts are the browser specs' own (e2e/page-texts.ts): here they must be in the
// server HTML, shown without JavaScript; there, visible in the browser and passing axe.
describe("without JavaScript, each page is complete in the server HTML", () => {
  for (const { path, texts } of staticPages) {
    test(`${path}`, async () => {
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expectShown(page, texts);
    });
  }

  // Texts read from the API are in <main>.
  for (const { name, load } of dynamicPages) {
    test(`${name}`, async () => {
      const { path, texts } = await load(apiData);
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expectShown(page, texts, "main");
    });
  }
});

describe("without JavaScript, each Arabic page is complete in Arabic in the server HTML", () => {
  for (const { name, load } of arabicPages) {
    test(name, async () => {
      const { path, texts, english, contentTitle } = await load(apiData);
      const page = await serverPage(path);
      expect(page.status).toBe(200);
      expect(page.htmlAttributes).toMatchObject({ lang: "ar", dir: "rtl" });
      // Shown as text, or as a link's or heading's name (an image's alt text in a link).
      const names = new Set(
        ["a", "h1", "h2", "h3", "h4", "h5", "h6"].flatMap((tag) =>
          page.named(tag, /.*/).map((element) => accessibleName(element)),
        ),
      );
      const shown = page.shownTexts();
      expect(texts.filter((text) => !shown.has(text) && !names.has(text))).toEqual([]);
      // Not left anywhere: shown or hidden text, a link's or heading's name, a label or an alt text.
      const all = page.allTexts();
      const labels = DomUtils.findAll(() => true, page.document.children).flatMap((e) =>
        [e.attribs["aria-label"], e.attribs.alt].filter((v): v is string => v !== undefined).map(normal),
      );
      expect(english.filter((text) => all.has(text) || names.has(text) || labels.includes(text))).toEqual([]);
      // The document title and the share card are in Arabic too.
      if (!contentTitle) expect(page.title).toMatch(/[\u0600-\u06FF]/);
      expect(page.meta("og:locale")).toBe("ar_AE");
    });
  }

  test("/ar/QR's code points to the Arabic link hub, whose links stay in Arabic", async () => {
    // Was e2e/ar-pages.spec.ts "/ar/QR's code points to the Arabic link hub, whose links stay in Arabic".
    const qr = await serverPage("/ar/QR");
    expect(
      shownElements(qr.root()).filter(
        (e) => e.attribs.role === "img" && e.attribs["aria-label"] === `رمز QR يؤدي إلى ${PUBLIC_URL}/ar/links`,
      ),
    ).toHaveLength(1);
    // What the code encodes, not only what its label says: the code drawn for that link.
    expect(qr.html).toContain(await qrCodeSvg(`${PUBLIC_URL}/ar/links`));
    expect(qr.html).not.toContain(await qrCodeSvg(`${PUBLIC_URL}/links`));
    const links = await serverPage("/ar/links");
    expect(links.hrefs("البطولات")).toEqual(["/ar/transport"]);
    expect(links.hrefs("الرحلات الجوية")).toEqual(["/ar/flights"]);
    expect(links.hrefs("تواصل مع الدعم")).toEqual(["/ar/contact-us"]);
  });

  test("/ar/transport: right to left, its heading, and discipline links to the filtered Arabic schedule", async () => {
    // Was e2e/i18n.spec.ts "without JavaScript, /ar is complete in the server HTML".
    const page = await serverPage("/ar/transport");
    expect(page.htmlAttributes.dir).toBe("rtl");
    expect(page.h1).toBe("خطّط لنقل خيلك بسهولة");
    expect(page.hrefs("قفز الحواجز")).toEqual(["/ar/transport?discipline=show-jumping"]);
  });
});

describe("head, language versions and redirects", () => {
  test("every page names its English and Arabic versions and its canonical address", async () => {
    // Was e2e/i18n.spec.ts "every page names its English and Arabic versions and its canonical address".
    for (const [path, canonical] of [
      ["/flights?type=import", "/flights"],
      ["/ar/flights?type=import", "/ar/flights"],
      ["/ar", "/ar"],
    ] as const) {
      const page = await serverPage(path);
      const english = canonical.replace(/^\/ar(?=\/|$)/, "") || "/";
      const arabic = english === "/" ? "/ar" : `/ar${english}`;
      expect(page.linkTag({ rel: "canonical" }), path).toBe(`${PUBLIC_URL}${canonical}`);
      expect(page.linkTag({ rel: "alternate", hreflang: "en" }), path).toBe(`${PUBLIC_URL}${english}`);
      expect(page.linkTag({ rel: "alternate", hreflang: "ar" }), path).toBe(`${PUBLIC_URL}${arabic}`);
      expect(page.linkTag({ rel: "alternate", hreflang: "x-default" }), path).toBe(`${PUBLIC_URL}${english}`);
    }
  });

  test("unknown Arabic paths lead to the Arabic home page; unknown English ones to the home page", async () => {
    // Was e2e/i18n.spec.ts "unknown Arabic paths lead to the Arabic home page" and
    // e2e/schedules.spec.ts "without JavaScript › unknown paths redirect to the home page".
    for (const path of ["/ar/no-such-page", "/ar/no/such/page"]) expect((await followed(path)).path, path).toBe("/ar");
    const { page, path } = await followed("/no/such/page");
    expect(path).toBe("/");
    expect(page.h1).toBe("Wherever your equine journey takes you");
  });

  test("an alert link nobody can hold (its id past the column's range) is a link no longer valid, not an error", async () => {
    const token = `9999999999.${"A".repeat(43)}`;
    for (const path of [`/alerts/confirm/${token}`, `/alerts/manage/${token}`]) {
      const page = await serverPage(path);
      expect(page.status, path).toBeLessThan(500);
      expect(page.html, path).toContain("This link is no longer valid");
    }
  });

  test("an Arabic alert page names the chosen disciplines in Arabic, listed with the Arabic comma", async () => {
    const alert = { watch: "shows", filter: "1,3", language: "ar" } as const;
    const token = await mailedAlertToken(site, "disciplines@example.com", "10.79.0.1", alert);
    const page = await serverPage(`/ar/alerts/manage/${token}`);
    expect(page.status).toBe(200);
    expect([...page.shownTexts("main")].join("\n")).toContain("قفز الحواجز، الترويض");
  });

  test("the manage page shows the address's one mail language, the alert confirmed last's, on no alert apart", async () => {
    const email = "one-language-page@example.com";
    const client = "10.79.0.5";
    const confirm = async (token: string) => {
      const confirmed = await site.host.app.inject({
        method: "POST",
        url: "/api/v1/alerts/subscriptions/confirm",
        payload: { token },
        remoteAddress: client,
      });
      expect(confirmed.statusCode).toBe(200);
    };
    const flights = await mailedAlertToken(site, email, client, { watch: "flights", filter: "all", language: "en" });
    await confirm(flights);
    await confirm(await mailedAlertToken(site, email, client, { watch: "shows", filter: "all", language: "ar" }));
    const page = await serverPage(`/alerts/manage/${flights}`);
    expect(page.status).toBe(200);
    const chosen = DomUtils.findAll(
      (e) => e.name === "option" && e.attribs.selected !== undefined,
      page.document.children,
    );
    expect(chosen.map((option) => option.attribs.value)).toEqual(["ar"]);
    const listed = [...page.shownTexts("main")].join("\n");
    expect(listed).toContain("New show transport");
    expect(listed).not.toMatch(/mails in (English|Arabic)/);
  });

  test("the manage page names a watched show and flight as the schedule does, each linked to its page", async () => {
    type Named = { id: number; eventName?: string; departureAirport?: { code: string } | null };
    const [show] = (await apiData<{ rows: Named[] }>("/event-services/website?limit=1&showOnWebsite=true")).rows;
    const [arabicShow] = (await apiData<{ rows: Named[] }>("/event-services/website?limit=1&showOnWebsite=true", "ar"))
      .rows;
    const flight = (await apiData<{ rows: (Named & { arrivalAirport?: { code: string } | null })[] }>(flightsApi))
      .rows[0];
    const route = `${flight?.departureAirport?.code} → ${flight?.arrivalAirport?.code}`;
    const email = "named-alerts@example.com";
    const token = await mailedAlertToken(site, email, "10.79.0.4", {
      watch: "show",
      filter: String(show?.id),
      language: "en",
    });
    await mailedAlertToken(site, email, "10.79.0.4", { watch: "flight", filter: String(flight?.id), language: "en" });
    const english = await serverPage(`/alerts/manage/${token}`);
    expect(english.hrefs(`Changes to the show ${show?.eventName}`)).toEqual([`/transport/${show?.id}`]);
    expect(english.hrefs(`Changes to the flight ${route}`)).toEqual([`/flights/${flight?.id}`]);
    const arabic = await serverPage(`/ar/alerts/manage/${token}`);
    expect(arabicShow?.eventName).not.toBe(show?.eventName);
    expect(arabic.hrefs(`تغييرات البطولة ${arabicShow?.eventName}`)).toEqual([`/ar/transport/${show?.id}`]);
    expect(arabic.hrefs(`تغييرات الرحلة ${route}`)).toEqual([`/ar/flights/${flight?.id}`]);
  });

  test("stopping the alert of the page's own link leads to the page of one left, which says it is stopped", async () => {
    const email = "two-alerts@example.com";
    const own = await mailedAlertToken(site, email, "10.79.0.2", {
      watch: "flights",
      filter: "import",
      language: "ar",
    });
    const left = await mailedAlertToken(site, email, "10.79.0.2", {
      watch: "flights",
      filter: "export",
      language: "ar",
    });
    const stop = await site.host.app.inject({
      method: "POST",
      url: `/ar/alerts/manage/${own}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `intent=stop&alert=${encodeURIComponent(own)}`,
    });
    expect(stop.statusCode).toBe(303);
    expect(stop.headers.location).toBe(`/ar/alerts/manage/${left}?stopped=1`);
    const page = await serverPage(String(stop.headers.location));
    expect(page.status).toBe(200);
    const status = DomUtils.findOne((e) => e.attribs.role === "status", page.document.children);
    // Read at load: the page opens focused on it (no script on this page, decision 024).
    expect(status?.attribs).toHaveProperty("autofocus");
    expect(normal(DomUtils.textContent(status ?? []))).toBe("تم إيقاف التنبيه.");
    expect(page.html).not.toContain(own);
    // The same page reached from its mail says nothing was done.
    const plain = await serverPage(`/ar/alerts/manage/${left}`);
    expect(DomUtils.findOne((e) => e.attribs.role === "status", plain.document.children)).toBeNull();
  });

  test("'Stop all alerts' leads to a page titled and headed 'Alerts stopped', which a reload does not post again", async () => {
    const email = "stop-all@example.com";
    const own = await mailedAlertToken(site, email, "10.79.0.3", { watch: "flights", filter: "all", language: "ar" });
    await mailedAlertToken(site, email, "10.79.0.3", { watch: "shows", filter: "all", language: "ar" });
    const stop = await site.host.app.inject({
      method: "POST",
      url: `/ar/alerts/manage/${own}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "intent=stop-all",
    });
    expect(stop.statusCode).toBe(303);
    expect(stop.headers.location).toBe(`/ar/alerts/manage/${own}?stopped=all`);
    // What a reload asks again: a GET, which stops nothing and still says so.
    for (const reload of [1, 2]) {
      const page = await serverPage(String(stop.headers.location));
      expect(page.status, `load ${reload}`).toBe(200);
      expect(page.title).toMatch(/^تم إيقاف التنبيهات/);
      const heading = page.one("h1");
      expect(normal(DomUtils.textContent(heading ?? []))).toBe("تم إيقاف التنبيهات");
      // Read at load: the page opens focused on its heading (no script on this page).
      expect(heading?.attribs).toHaveProperty("autofocus");
    }
    // The same address keeps nothing to manage: its link is no longer valid.
    const plain = await serverPage(`/ar/alerts/manage/${own}`);
    expect(plain.title).toMatch(/^تنبيهاتك/);
    expect(plain.one("h1")?.attribs).not.toHaveProperty("autofocus");
  });

  test("the deletion's 'Are you Sure?' step without JavaScript offers Cancel then Confirm, as its dialog does", async () => {
    const response = await site.host.app.inject({
      method: "POST",
      url: "/delete-account",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=mariam.suwaidi%40example.com&intent=review",
    });
    const page = new ServerPage(response.statusCode, response.body);
    const step = DomUtils.findOne(
      (e) => e.name === "section" && DomUtils.textContent(e).includes("Are you Sure?"),
      page.document.children,
    );
    const actions = DomUtils.findAll((e) => e.name === "a" || e.name === "button", step ? [step] : []).map((e) =>
      normal(DomUtils.textContent(e)),
    );
    expect(actions).toEqual(["Cancel", "Confirm"]);
  });

  /** The Arabic 'Tell me when' form posted as `payload`: the page answered, its address field and that field's message. */
  async function postAlertForm(payload: string) {
    const response = await site.host.app.inject({
      method: "POST",
      url: "/ar/alerts",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload,
    });
    const page = new ServerPage(response.statusCode, response.body);
    const inputs = DomUtils.findAll((e) => e.name === "input", page.document.children);
    const email = inputs.find((e) => e.attribs.name === "email");
    const message = DomUtils.getElementById(email?.attribs["aria-describedby"] ?? "", page.document.children);
    return { page, inputs, email, message: normal(DomUtils.textContent(message ?? [])) };
  }

  test("a sign-up the API refuses as bad input shows its form again, filled in, focused on the address", async () => {
    // An address a browser's own check lets through, which the API refuses.
    const { page, inputs, email, message } = await postAlertForm(
      "watch=shows&discipline=1&discipline=3&email=owner%40stable&language=en",
    );
    expect(page.status).toBe(400);
    expect(email?.attribs).toMatchObject({ value: "owner@stable", "aria-invalid": "true", autofocus: "" });
    expect(message).toBe("يجب إدخال بريد إلكتروني صالح");
    const ticked = inputs.filter((e) => e.attribs.name === "discipline" && "checked" in e.attribs);
    expect(ticked.map((e) => e.attribs.value)).toEqual(["1", "3"]);
    const mailLanguage = DomUtils.findOne(
      (e) => e.name === "select" && e.attribs.name === "language",
      page.document.children,
    );
    const chosen = DomUtils.findOne(
      (e) => e.name === "option" && "selected" in e.attribs,
      mailLanguage?.children ?? [],
    );
    expect(chosen?.attribs.value).toBe("en");
    // No "Something went wrong": bad input is the field's message, not a failure.
    expect(page.html).not.toContain("حدث خطأ");
    // The form in the page's language (its texts are in this page's catalogue too), and the
    // address the one element that takes the focus at load.
    expect(page.shownTexts("main")).toContain("أعلمني عند توفّرها");
    expect(DomUtils.findAll((e) => "autofocus" in e.attribs, page.document.children)).toEqual([email]);
  });

  test("an alert form leaves the address to the server: an empty one gets the page's own message", async () => {
    // The browser's check would say it in the browser's language: the form turns it off.
    const schedule = await serverPage("/ar/transport");
    const forms = DomUtils.findAll(
      (e) => e.name === "form" && /\/alerts$/.test(e.attribs.action ?? ""),
      [schedule.root("main")],
    );
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form.attribs).toHaveProperty("novalidate");
    const { page, email, message } = await postAlertForm("watch=shows&email=&language=ar");
    expect(page.status).toBe(400);
    expect(message).toBe("يُرجى إدخال البريد الإلكتروني");
    expect(email?.attribs).toHaveProperty("autofocus");
    // The message describes the field; it is not part of its name (its label).
    const label = email?.parent as Parameters<typeof DomUtils.textContent>[0];
    expect(normal(DomUtils.textContent(label))).toBe("البريد الإلكتروني");
  });

  test("an Arabic alert page keeps the address in its own reading order, and each stop button names its alert", async () => {
    const email = "2024-omar@example.com";
    const token = await mailedAlertToken(site, email, "10.79.0.5", {
      watch: "flights",
      filter: "import",
      language: "ar",
    });
    await mailedAlertToken(site, email, "10.79.0.5", { watch: "shows", filter: "all", language: "ar" });
    for (const path of [`/ar/alerts/confirm/${token}`, `/ar/alerts/manage/${token}`]) {
      const page = await serverPage(path);
      const isolated = DomUtils.findAll((e) => e.name === "bdi", [page.root("main")]).map((e) =>
        DomUtils.textContent(e),
      );
      expect(isolated, path).toContain(email);
    }
    const manage = await serverPage(`/ar/alerts/manage/${token}`);
    const stops = DomUtils.findAll((e) => e.name === "button", [manage.root("main")])
      .map(accessibleName)
      .filter((name) => name.startsWith("إيقاف هذا التنبيه"));
    expect(stops).toEqual([
      "إيقاف هذا التنبيه: رحلات الاستيراد الجديدة",
      "إيقاف هذا التنبيه: النقل الجديد إلى البطولات",
    ]);
  });

  test("the home page's LCP image loads first and the others lazily", async () => {
    // Was e2e/content-static.spec.ts "the home page's LCP image loads first and the others lazily".
    const page = await serverPage("/");
    const heroes = shownElements(page.root()).filter(
      (e) => e.name === "img" && /horse truck/.test(e.attribs.alt ?? ""),
    );
    expect(heroes).toHaveLength(1);
    expect(heroes[0]!.attribs).toMatchObject({ fetchpriority: "high", width: "960" });
    // Every other image of the page's content waits until it nears the screen.
    const others = DomUtils.findAll((e) => e.name === "img" && e !== heroes[0], [page.root("main")]);
    expect(others.length).toBeGreaterThan(0);
    for (const img of others) expect(img.attribs.loading, img.attribs.src).toBe("lazy");
  });

  test.each([
    ["/", "Show all", ["Transport schedule", "Shipping schedule", "Latest blogs"]],
    ["/ar", "عرض الكل", ["جدول النقل البري", "جدول الشحن الجوي", "أحدث المقالات"]],
  ])("%s: each 'Show all' link names the list it shows", async (path, showAll, titles) => {
    const page = await serverPage(path);
    const names = DomUtils.findAll((e) => e.name === "a", [page.root("main")])
      .map(accessibleName)
      .filter((name) => name.startsWith(showAll));
    expect(names).toEqual(titles.map((title) => `${showAll} ${title}`));
  });

  test("the Arabic carousel and its slides are described to screen readers in Arabic", async () => {
    const page = await serverPage("/ar/Khayl-App");
    const described = DomUtils.findAll((e) => e.attribs["aria-roledescription"] !== undefined, [page.root("main")]);
    const descriptions = described.map((e) => e.attribs["aria-roledescription"]);
    expect(descriptions.filter((d) => d === "شريط عرض").length).toBeGreaterThan(0);
    expect(descriptions.filter((d) => d === "شريحة").length).toBeGreaterThan(1);
    expect(descriptions.filter((d) => d !== "شريط عرض" && d !== "شريحة")).toEqual([]);
  });

  test("a flight's date and time are joined by the comma of the page's language", async () => {
    const { rows } = await apiData<{ rows: { id: number; startDate: string | null }[] }>(flightsApi);
    const flight = rows.find((f) => f.startDate);
    const times = async (path: string) =>
      DomUtils.findAll((e) => e.name === "time", [(await serverPage(path)).root("main")]).map((e) =>
        DomUtils.textContent(e),
      );
    const english = await times(`/flights/${flight!.id}`);
    expect(english[0]).toMatch(/^\S.*\d{4}, \d{2}:\d{2}$/);
    const arabic = await times(`/ar/flights/${flight!.id}`);
    expect(arabic[0]).toMatch(/^\S.*\d{4}، \d{2}:\d{2}$/);
  });

  test.each(["/ar/transport", "/ar/flights"])("%s: the alert form's e-mail field reads left to right", async (path) => {
    const page = await serverPage(path);
    const email = DomUtils.findAll((e) => e.name === "input" && e.attribs.type === "email", [page.root("main")]);
    expect(email).toHaveLength(1);
    expect(email[0]!.attribs.dir).toBe("ltr");
  });
});
