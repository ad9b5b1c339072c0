import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures.ts";

// The schedule and alert pages ship no client JavaScript (decision 024), so every step below is a
// plain HTML form POST; the browser keeps JavaScript on only for axe, which runs in the page.

/** A confirmation link mailed to `email` other than `known`, read from the demo's outbox folder as the subscriber reads the mail. */
async function confirmLinkFor(email: string, known: string[] = []): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (let i = 0; i < 50; i++) {
    for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) =>
      f.endsWith("alert-confirmation.eml"),
    )) {
      const eml = (await readFile(path.join(dir, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!eml.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/alerts\/confirm\/[\w.-]+/.exec(eml)?.[0];
      if (link && !known.includes(link)) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation mailed to ${email}`);
}

const journeys = [
  {
    language: "en",
    prefix: "",
    names: {
      email: "E-mail",
      send: "Send me alerts",
      check: "Check your mail",
      confirm: "Confirm",
      confirmed: "Alerts confirmed",
      stop: "Stop all alerts",
      stopped: "Alerts stopped",
      stopOne: "Stop this alert",
      mailLanguage: "Language of the mails",
      save: "Save language",
      saved: "The language of your alert mails is saved.",
      otherLanguage: "ar",
      flights: "New flights",
      shows: "New show transport",
    },
  },
  {
    language: "ar",
    prefix: "/ar",
    names: {
      email: "البريد الإلكتروني",
      send: "أرسل لي التنبيهات",
      check: "تحقّق من بريدك",
      confirm: "تأكيد",
      confirmed: "تم تأكيد التنبيهات",
      stop: "إيقاف كل التنبيهات",
      stopped: "تم إيقاف التنبيهات",
      stopOne: "إيقاف هذا التنبيه",
      mailLanguage: "لغة الرسائل",
      save: "حفظ اللغة",
      saved: "تم حفظ لغة رسائل التنبيهات.",
      otherLanguage: "en",
      flights: "الرحلات الجديدة",
      shows: "النقل الجديد إلى البطولات",
    },
  },
] as const;

for (const { language, prefix, names } of journeys) {
  test(`slow: alerts without JavaScript (${language}): ask on /flights and /transport → confirm by the button → change the language, stop one, stop all`, async ({
    page,
  }) => {
    const email = `alerts-${language}-${Date.now()}@example.com`;
    await page.goto(`${prefix}/flights`);
    const tellMeWhen = language === "en" ? "Tell me when" : "أعلمني عند توفّرها";
    const form = page.getByRole("region", { name: tellMeWhen });
    await form.getByLabel(names.email).fill(email);
    await form.getByRole("button", { name: names.send }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.check })).toBeVisible();
    // The answer to a post is a new page: it loads focused on what it says, for a screen reader.
    await expect(page.getByRole("heading", { level: 1, name: names.check })).toBeFocused();
    await expectNoAxeViolations(page);

    const link = new URL(await confirmLinkFor(email));
    expect(link.pathname).toMatch(`${prefix}/alerts/confirm/`);
    await page.goto(link.pathname);
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: names.confirm }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.confirmed })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${names.confirmed} \\|`)); // the tab says it too

    // A second alert for the same address, asked on /transport and confirmed the same way.
    await page.goto(`${prefix}/transport`);
    await form.getByLabel(names.email).fill(email);
    await form.getByRole("button", { name: names.send }).click();
    const second = new URL(await confirmLinkFor(email, [link.href]));
    await page.goto(second.pathname);
    await page.getByRole("button", { name: names.confirm }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.confirmed })).toBeVisible();

    // The manage page lists both; each change is a POST of a plain form.
    const manage = link.pathname.replace("/confirm/", "/manage/");
    await page.goto(manage);
    const alerts = page.getByRole("main").getByRole("listitem");
    await expect(alerts).toHaveCount(2);
    await expect(alerts.nth(0)).toContainText(names.flights);
    await expect(alerts.nth(1)).toContainText(names.shows);
    await expectNoAxeViolations(page);
    await page.getByLabel(names.mailLanguage).selectOption(names.otherLanguage);
    await page.getByRole("button", { name: names.save }).click();
    await expect(page.getByRole("status")).toHaveText(names.saved);
    await expect(page.getByRole("status")).toBeFocused();
    // One language for the address's mails, whichever alert a change matches.
    await expect(page.getByLabel(names.mailLanguage)).toHaveValue(names.otherLanguage);
    await expectNoAxeViolations(page);

    // Stopping the alert whose link this page is leads on to the page of the one left, which
    // says it is stopped and loads focused there.
    await alerts.filter({ hasText: names.flights }).getByRole("button", { name: names.stopOne }).click();
    await page.waitForURL((url) => url.pathname !== manage && url.pathname.startsWith(`${prefix}/alerts/manage/`));
    await expect(page.getByRole("status")).toBeFocused();
    await expect(alerts).toHaveCount(1);
    await expect(alerts.nth(0)).toContainText(names.shows);
    const left = new URL(page.url()).pathname;

    await page.getByRole("button", { name: names.stop }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.stopped })).toBeVisible();
    for (const path of [manage, left]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: names.stop })).toHaveCount(0);
    }
  });
}

test("an address the API refuses brings the form back, filled in, focused on the address, and passes axe", async ({
  page,
}) => {
  await page.goto("/transport");
  const form = page.getByRole("region", { name: "Tell me when" });
  // The browser's own e-mail check lets it through; the API does not.
  await form.getByLabel("E-mail").fill("owner@stable");
  await form.getByRole("checkbox", { name: "Dressage" }).check();
  await form.getByRole("button", { name: "Send me alerts" }).click();
  await page.waitForURL((url) => url.pathname === "/alerts");
  const email = page.getByRole("textbox", { name: "E-mail" });
  await expect(email).toBeFocused();
  await expect(email).toHaveValue("owner@stable");
  await expect(email).toHaveAccessibleDescription("Must be a valid Email");
  await expect(page.getByRole("checkbox", { name: "Dressage" })).toBeChecked();
  await expectNoAxeViolations(page);
});
