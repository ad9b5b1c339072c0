import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe on the current page (WCAG 2.x A/AA and best practices) and fails with
 * the rule ids and targets of any violation. Waits first for the page's finite CSS
 * transitions and animations (a dialog's 0.25 s fade, product §9): axe measures contrast
 * on the colours of the moment, and a half-faded dialog is not what a reader sees. Axe
 * reports only the violations: the same rules run and judge, but the passing and
 * inapplicable nodes it would otherwise serialise (a third of each pass's time) are dropped.
 * It runs in the page itself (`axe.run`, the builder's legacy mode) rather than frame by
 * frame with the results gathered in a blank page of its own: opening that page was two
 * thirds of each scan (decision 030), and it only adds cross-origin frames, which our pages
 * do not have (no third-party frame loads here: Stripe.js cannot). Should one ever appear,
 * axe says it could not test it (`frame-tested`) and the check fails.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return (
        animation.playState === "running" &&
        Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)) &&
        // An animation in content the browser skips (`content-visibility: auto` below the
        // fold) does not advance until it is scrolled to: its end would never come.
        (target?.checkVisibility({ contentVisibilityAuto: true }) ?? true)
      );
    });
    // The longest of the site's motions is 0.5 s; a motion still unfinished after 2 s is
    // one the browser holds (throttled, off screen), not one a reader would wait for.
    return Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  builder = builder.options({ resultTypes: ["violations"] }).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const untested = results.incomplete.filter((result) => result.id === "frame-tested");
  const summary = [...results.violations, ...untested].map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

/**
 * Holds every script of the next page load until `release()` is called, so a test can
 * act on the server HTML before the page hydrates (as a visitor on a slow phone does).
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    async release() {
      // Held and later scripts now pass straight through.
      open();
    },
  };
}

/**
 * Waits until the page is ready to use: a page with scripts once it has hydrated and its
 * first effects have run (the root marks `<html data-hydrated>` from its own effect, which
 * runs after every child's); a content page, which never hydrates (decision 024: no module
 * script), once it has loaded.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  if ((await page.locator('script[type="module"]').count()) === 0) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The site's main navigation (top bar and phone menu both carry the name "Main"). */
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** A mail body as text: quoted-printable or base64 (RFC 2045) decoded as UTF-8, else as it is. */
function decodeBody(head: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The newest verification code mailed to `email` since `since` (ms since the epoch: the
 * test's start, so that a retry never reads the code its failed first try was sent), read
 * from the demo's outbox folder (architecture §3.6) as a person reads the mail: the 4
 * digits on its first line, in whichever language the mail is written.
 */
export async function codeFromOutbox(email: string, since: number): Promise<string> {
  const { readdir, readFile, stat } = await import("node:fs/promises");
  const path = await import("node:path");
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith("delete-account-code.eml"))
      .sort()
      .reverse();
    for (const file of files) {
      if ((await stat(path.join(dir, file))).mtimeMs < since) continue;
      const eml = await readFile(path.join(dir, file), "utf8");
      const split = eml.search(/\r?\n\r?\n/);
      const head = eml.slice(0, split);
      if (split < 0 || !head.includes(`To: ${email}`)) continue;
      const firstLine = decodeBody(head, eml.slice(split).trim()).split(/\r?\n/)[0] ?? "";
      const code = /(?<!\d)\d{4}(?!\d)/.exec(firstLine)?.[0];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}
