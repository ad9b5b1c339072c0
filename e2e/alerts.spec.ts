import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures.ts";

// The schedule and alert pages ship no client JavaScript (decision 024), so every step below is a
// plain HTML form POST; the browser keeps JavaScript on only for axe, which runs in the page.

/** The confirmation link mailed to `email`, read from the demo's outbox folder as the subscriber reads the mail. */
async function confirmLinkFor(email: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (let i = 0; i < 50; i++) {
    for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) =>
      f.endsWith("alert-confirmation.eml"),
    )) {
      const eml = (await readFile(path.join(dir, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!eml.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/alerts\/confirm\/[\w.-]+/.exec(eml)?.[0];
      if (link) return link;
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
    },
  },
] as const;

for (const { language, prefix, names } of journeys) {
  test(`slow: alerts without JavaScript (${language}): ask on /flights → confirm by the button → stop`, async ({
    page,
  }) => {
    const email = `alerts-${language}-${Date.now()}@example.com`;
    await page.goto(`${prefix}/flights`);
    const form = page.getByRole("region", { name: language === "en" ? "Tell me when" : "أعلمني عند توفّرها" });
    await form.getByLabel(names.email).fill(email);
    await form.getByRole("button", { name: names.send }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.check })).toBeVisible();
    await expectNoAxeViolations(page);

    const link = new URL(await confirmLinkFor(email));
    expect(link.pathname).toMatch(`${prefix}/alerts/confirm/`);
    await page.goto(link.pathname);
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: names.confirm }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.confirmed })).toBeVisible();

    await page.goto(link.pathname.replace("/confirm/", "/manage/"));
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: names.stop }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.stopped })).toBeVisible();
    await page.goto(link.pathname.replace("/confirm/", "/manage/"));
    await expect(page.getByRole("button", { name: names.stop })).toHaveCount(0);
  });
}
