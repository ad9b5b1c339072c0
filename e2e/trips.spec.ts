import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./fixtures.ts";

/**
 * Product §2, show and flight pages ("Plan and share a trip"): a page per show and per flight, reached from the cards'
 * app modal, server-rendered (also without JavaScript), in English and Arabic, in the
 * sitemap, and 404 with a way back for an unknown id.
 */

interface Listed {
  id: number;
}

async function firstId(page: Page, path: string): Promise<number> {
  const answer = await page.request.get(path, { headers: { language: "en" } });
  const rows = (await answer.json()).data.rows as (Listed & { type?: string })[];
  const row = rows.find((r) => r.type === undefined || r.type === "Import" || r.type === "Export");
  if (!row) throw new Error(`no row at ${path}`);
  return row.id;
}

const showsApi = "/api/v1/event-services/website?limit=100&offset=0&showOnWebsite=true";
const flightsApi = "/api/v1/selective-services/website?limit=100&offset=0&showOnWebsite=true&type=import";

test("a show card's modal leads to the show's page, which links back to its discipline", async ({ page }) => {
  const [show] = (
    await (await page.request.get(`${showsApi}&eventDisciplines=3`, { headers: { language: "en" } })).json()
  ).data.rows as {
    eventName: string;
  }[];
  if (!show) throw new Error("no dressage show");
  await page.goto("/transport?discipline=dressage");
  // Before hydration the card's native command opens the modal without its Details link.
  await waitForHydration(page);
  const card = page.getByRole("main").getByRole("button", { name: show.eventName }).first();
  await card.click();
  const dialog = page.getByRole("dialog", { name: "All of our services available on the app" });
  await dialog.getByRole("link", { name: "Details" }).click();
  await expect(page).toHaveURL(/\/transport\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: show.eventName })).toBeVisible();
  await expect(page.getByText("Dressage", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "More Dressage shows" })).toHaveAttribute(
    "href",
    "/transport?discipline=dressage",
  );
  await expect(page.getByRole("heading", { level: 2, name: "All of our services available on the app" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a show's head: title, description, canonical, hreflang and share card", async ({ page }) => {
  const id = await firstId(page, showsApi);
  const response = await page.goto(`/transport/${id}`);
  expect(response?.status()).toBe(200);
  const head = page.locator("head");
  const canonical = await head.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`/transport/${id}$`));
  await expect(head.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", /\/ar\/transport\/\d+$/);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /Road transport for your horses/);
});

test("a flight's page shows the route, airports, countries and Asia/Dubai times", async ({ page }) => {
  const id = await firstId(page, flightsApi);
  const answer = await page.request.get(`/api/v1/selective-services/website/${id}`);
  const flight = (await answer.json()).data;
  await page.goto(`/flights/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(flight.departureAirport.code);
  await expect(page.getByText(flight.fromCountry).first()).toBeVisible();
  await expect(page.getByText("Departs (UAE time)")).toBeVisible();
  // 20:00 UTC is midnight in Dubai (UTC+4).
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Dubai",
  }).format(new Date(flight.startDate));
  await expect(page.locator("time").first()).toContainText(time);
  await expect(page.getByRole("link", { name: "More import flights" })).toHaveAttribute("href", "/flights?type=import");
  await expectNoAxeViolations(page);
});

test("an unknown, malformed or hidden id answers 404 with a link to the schedule", async ({ page }) => {
  for (const [path, link] of [
    ["/transport/999999", "See the shows schedule"],
    ["/transport/abc", "See the shows schedule"],
    ["/flights/999999", "See the flights schedule"],
    ["/ar/flights/999999", "اطّلع على جدول الرحلات"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("link", { name: link })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
  await expectNoAxeViolations(page);
});

test("the Arabic page of a show is right to left with Arabic labels", async ({ page }) => {
  const id = await firstId(page, showsApi);
  await page.goto(`/ar/transport/${id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText("التخصص")).toBeVisible();
  await expect(page.getByRole("link", { name: "جميع البطولات" })).toHaveAttribute("href", "/ar/transport");
  await expectNoAxeViolations(page);
});

test("the sitemap lists show and flight pages in both languages", async ({ page }) => {
  const show = await firstId(page, showsApi);
  const flight = await firstId(page, flightsApi);
  const xml = await (await page.request.get("/sitemap.xml")).text();
  expect(xml).toContain(`/transport/${show}</loc>`);
  expect(xml).toContain(`/ar/transport/${show}</loc>`);
  expect(xml).toContain(`/flights/${flight}</loc>`);
  expect(xml).toContain(`/ar/flights/${flight}</loc>`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a show's page is whole in the server HTML", async ({ page }) => {
    const id = await firstId(page, showsApi);
    await page.goto(`/transport/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Venue")).toBeVisible();
    await expect(page.getByRole("link", { name: "All shows" })).toHaveAttribute("href", "/transport");
  });

  test("each card is followed by a Details link to its page, in the page's language", async ({ page }) => {
    await page.goto("/transport");
    await page
      .getByRole("link", { name: /^Details/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/transport\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/ar/flights");
    await page
      .getByRole("link", { name: /^التفاصيل/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/ar\/flights\/\d+$/);
  });
});

test("with JavaScript the cards carry no extra Details link: the modal offers it", async ({ page }) => {
  await page.goto("/transport");
  await expect(page.locator("button.card").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Details/ })).toHaveCount(0);
});

/** The value of the first `NAME` property of the first event of an iCalendar text (unfolded). */
function icsValue(text: string, name: string): string | undefined {
  const unfolded = text.replace(/\r?\n[ \t]/g, "");
  const event = unfolded.slice(unfolded.indexOf("BEGIN:VEVENT"));
  return event.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1]?.trim();
}

test("'Add to calendar' downloads the show's .ics with a stable UID, its dates, name and page", async ({ page }) => {
  const id = await firstId(page, showsApi);
  const show = (await (await page.request.get(`/api/v1/event-services/website/${id}`)).json()).data;
  await page.goto(`/transport/${id}`);
  const link = page.getByRole("link", { name: "Add to calendar" });
  await expect(link).toHaveAttribute("href", `/transport/${id}/calendar.ics`);
  const answer = await page.request.get(`/transport/${id}/calendar.ics`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await answer.text();
  expect(icsValue(text, "UID")).toBe(`event-${id}@127.0.0.1`);
  expect(icsValue(text, "SUMMARY")).toBe(show.eventName);
  expect(icsValue(text, "URL")).toMatch(new RegExp(`/transport/${id}$`));
  expect(icsValue(text, "DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
  expect(icsValue(text, "DTSTART")).toBe(show.startDate.replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
  const again = await (await page.request.get(`/transport/${id}/calendar.ics`)).text();
  expect(icsValue(again, "UID")).toBe(icsValue(text, "UID"));
  expect((await page.request.get("/transport/999999/calendar.ics")).status()).toBe(404);
});

test("a flight's .ics has its route and departure in UTC", async ({ page }) => {
  const id = await firstId(page, flightsApi);
  const flight = (await (await page.request.get(`/api/v1/selective-services/website/${id}`)).json()).data;
  const text = await (await page.request.get(`/flights/${id}/calendar.ics`)).text();
  expect(icsValue(text, "UID")).toBe(`flight-${id}@127.0.0.1`);
  expect(icsValue(text, "SUMMARY")).toContain(
    `Import flight ${flight.departureAirport.code} to ${flight.arrivalAirport.code}`,
  );
  expect(icsValue(text, "DTSTART")).toBe(flight.startDate.replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
});

test("the schedules offer their feeds by webcal and https, filtered as the page", async ({ page }) => {
  await page.goto("/transport?discipline=dressage");
  const feed = page.getByRole("complementary", { name: "Calendar feed" });
  await expect(feed.getByRole("link", { name: "Subscribe in your calendar" })).toHaveAttribute(
    "href",
    /^webcal:\/\/127\.0\.0\.1:\d+\/calendar\/shows\.ics\?discipline=dressage$/,
  );
  await expect(feed.getByRole("link", { name: "Feed address (https)" })).toHaveAttribute(
    "href",
    /^http:\/\/127\.0\.0\.1:\d+\/calendar\/shows\.ics\?discipline=dressage$/,
  );
  await expectNoAxeViolations(page);

  const shows = await page.request.get("/calendar/shows.ics?discipline=dressage");
  expect(shows.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(shows.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
  const dressage = (await (await page.request.get(`${showsApi}&eventDisciplines=3`)).json()).data.rows as Listed[];
  const text = await shows.text();
  expect(text.match(/^BEGIN:VEVENT/gm)?.length).toBe(dressage.filter((s) => "startDate" in s).length);
  for (const show of dressage) expect(text).toContain(`UID:event-${show.id}@`);

  const exports = await (await page.request.get("/calendar/flights.ics?type=export")).text();
  expect(exports).toContain("SUMMARY:Export flight");
  expect(exports).not.toContain("SUMMARY:Import flight");
  await page.goto("/flights?type=import");
  await expect(page.getByRole("link", { name: "Subscribe in your calendar" })).toHaveAttribute(
    "href",
    /\/calendar\/flights\.ics\?type=import$/,
  );
});

test("'Ask on WhatsApp' names the show and its date; the contact page and its thank-you offer it too", async ({
  page,
}) => {
  const id = await firstId(page, showsApi);
  const show = (await (await page.request.get(`/api/v1/event-services/website/${id}`)).json()).data;
  await page.goto(`/transport/${id}`);
  const link = page.getByRole("link", { name: "Ask on WhatsApp (opens WhatsApp)" });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^https:\/\/wa\.me\/971500000000\?text=/);
  const text = new URL(href).searchParams.get("text") ?? "";
  expect(text).toContain(show.eventName);
  expect(text).toMatch(/\d{2} \w{3} \d{4}/);
  expect(text).toContain(`/transport/${id}`);

  const flight = await firstId(page, flightsApi);
  await page.goto(`/flights/${flight}`);
  const flightText =
    new URL((await page.getByRole("link", { name: /Ask on WhatsApp/ }).getAttribute("href")) ?? "").searchParams.get(
      "text",
    ) ?? "";
  expect(flightText).toMatch(/Import flight \w+ to \w+ departing \w+ \d{2} \w{3} \d{4}, \d{2}:\d{2}/);

  await page.goto("/contact-us");
  await expect(page.getByRole("link", { name: /Ask on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
});

test.describe("Share", () => {
  test("without the Web Share API it copies the page's link and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      // A desktop browser without the share sheet.
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    const id = await firstId(page, showsApi);
    await page.goto(`/transport/${id}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/transport/${id}$`));
  });

  test("with the Web Share API it opens the share sheet with the title and URL", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
    });
    const id = await firstId(page, flightsApi);
    await page.goto(`/flights/${id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.waitForFunction(() => (window as unknown as { shared?: ShareData }).shared);
    const data = (await shared.jsonValue()) as ShareData;
    expect(data.url).toMatch(new RegExp(`/flights/${id}$`));
    expect(data.title).toMatch(/^Import flight \w+ to \w+$/);
    await expectNoAxeViolations(page);
  });

  test("a blog page has the Share button too", async ({ page }) => {
    const blogs = await (await page.request.get("/api/v1/blog/getWebsiteBlogs?limit=1&offset=0")).json();
    await page.goto(`/blogs/${blogs.data.rows[0].id}`);
    await expect(page.getByRole("button", { name: "Share" })).toBeVisible();
  });
});
