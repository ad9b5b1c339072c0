import { existsSync } from "node:fs";

/**
 * The Chromium the e2e suite drives: Debian's, never a downloaded one. Its headless shell
 * (`apt-get install -y chromium-headless-shell`: the same Blink and V8 as Debian's
 * `chromium`, without the browser's own UI layer) when installed, as Playwright itself
 * prefers for headless runs: on a 2-core host it ran the suite in about half the
 * processor time of the full browser (decision 030). Otherwise Debian's `chromium`.
 * `CHROMIUM_PATH` overrides both. Lighthouse (`npm run bench`) always runs the full
 * browser, as a visitor's is (bench/src/main.ts).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium";

/**
 * The flags of every Chromium this project starts (e2e and `npm run bench`): they keep it
 * off the network (this machine has none) and runnable as root in a container.
 */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
