/**
 * The Chromium this project drives (e2e tests and `npm run bench`): Debian's, never a
 * downloaded one, with the flags that keep it off the network (this machine has none)
 * and runnable as root in a container.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
