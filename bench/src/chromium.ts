/** Chromium flags of the house (common.md), plus the new headless mode, for Lighthouse and Playwright. */
export const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
