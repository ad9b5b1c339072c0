import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe on the current page (WCAG 2.x A/AA and best practices) and fails with
 * the rule ids and targets of any violation.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
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
 * Waits until the page has hydrated and its first effects have run: the root marks
 * `<html data-hydrated>` from its own effect, which runs after every child's.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The site's main navigation (top bar and phone menu both carry the name "Main"). */
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
