import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./chromium.ts";

/**
 * End-to-end tests against the production build started as `npm start` would
 * (architecture §4), in Debian's Chromium (never a downloaded browser), on a fresh data
 * folder. `E2E_DATA_DIR` is shared with the workers so tests can read the mail outbox.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `khayl-e2e-${Date.now()}`);
process.env.E2E_DATA_DIR = dataDir;
/**
 * A second server, as the first but with a Google Analytics measurement id
 * (`GA_MEASUREMENT_ID`), for `e2e/analytics.spec.ts`: analytics as a visitor's browser runs
 * it, under the pages' real CSP. The first runs without one, as a newcomer's does.
 */
const analyticsPort = port + 1;
process.env.E2E_ANALYTICS_ORIGIN ??= `http://127.0.0.1:${analyticsPort}`;
const analyticsDataDir = process.env.E2E_ANALYTICS_DATA_DIR ?? `${dataDir}-analytics`;
process.env.E2E_ANALYTICS_DATA_DIR = analyticsDataDir;
const serverEnv = (serverPort: number, serverDataDir: string) => ({
  PORT: String(serverPort),
  HOST: "127.0.0.1",
  DATA_DIR: serverDataDir,
  PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  // Every worker browses from 127.0.0.1: one client, far past a visitor's read budgets
  // (decision 022; reads.api.test.ts tests them).
  RENDER_BUDGET_PER_MINUTE: "0",
  API_READ_BUDGET_PER_MINUTE: "0",
});
const server = {
  command: "node scripts/start.mjs",
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "ignore",
  stderr: "pipe",
} as const;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  // Both cores on every machine (Playwright's default is half of them): the specs share no state but the server.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The list as it goes, then the slowest tests and any slow one not marked so (scripts/test-cost.ts).
  reporter: [["list"], ["./e2e/cost-reporter.ts"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test cost a fifth of the suite's time (decision 030): a
    // failure keeps a screenshot and the page's accessibility snapshot; CI (one retry)
    // records the retry's trace; `npx playwright test --trace on` records one anywhere.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    { ...server, url: `http://127.0.0.1:${port}/api/v1/health`, env: serverEnv(port, dataDir) },
    {
      ...server,
      url: `http://127.0.0.1:${analyticsPort}/api/v1/health`,
      env: { ...serverEnv(analyticsPort, analyticsDataDir), GA_MEASUREMENT_ID: "G-TEST123" },
    },
  ],
});
