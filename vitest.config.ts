import os from "node:os";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacros } from "./apps/web/vite.config.ts";
import SlowFirstSequencer from "./scripts/vitest-sequencer.ts";

/**
 * Unit tests, plus the API integration suite run once on PGlite and, when
 * TEST_DATABASE_URL is set (CI), once more on PostgreSQL (architecture §4).
 */
const apiSuite = ["apps/api/src/**/*.api.test.ts", "apps/server/src/**/*.api.test.ts"];
/** docs/deploy.md's production shape (nginx, two instances, PostgreSQL): the full suite only, not on Node 20. */
const deploySuite = ["apps/**/*.deploy.test.ts"];
const postgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * API suites whose behaviour does not depend on the database: they run once, on PGlite.
 * Every other `*.api.test.ts` (repositories, rate limits, locks, the outbox, LISTEN/NOTIFY,
 * migrations, start-up) runs on PGlite and again on PostgreSQL: a new file is on both
 * unless it is named here, with the reason.
 */
const databaseIndependent = [
  // The OpenAPI document and Redocly's lint of it: built from the contract, no query.
  "apps/api/src/http/openapi.api.test.ts",
  // Validation, not-found and mail messages in Arabic: the translation catalogue only.
  "apps/api/src/http/language.api.test.ts",
  // The fuzzer's properties are about request handling (status, envelope, time), which
  // no query changes; the repositories it reaches are covered on both by their own suites.
  "apps/server/src/fuzz.api.test.ts",
  // Server HTML read without a browser (Nu HTML Checker, head tags): rendering only.
  "apps/server/src/pages.api.test.ts",
  "apps/server/src/pages-head.api.test.ts",
  // What the moved browser checks read in a page's server answer (texts, head, statuses): rendering only.
  "apps/server/src/server-html.api.test.ts",
  "apps/server/src/server-html-content.api.test.ts",
  "apps/server/src/server-html-calendar.api.test.ts",
  // Editors' HTML as the pages render it (the sanitiser, directions, anchors, links): rendering only.
  "apps/server/src/rich-content.api.test.ts",
  // Each route's declared page rules (analytics, caching, indexing, referrer): rendering only.
  "apps/server/src/page-rules.api.test.ts",
  // `npm start`'s process with nothing configured: always PGlite, whatever TEST_DB says.
  "apps/server/src/main.api.test.ts",
];
/**
 * Four workers on a 2-core machine, one per core above that (Vitest's default leaves a core
 * idle): the API suites mostly wait on sockets, child processes and timers, so two more
 * workers fill the waits (decision 030: a newcomer's Vitest stage 100 s → 82 s on 2 cores).
 */
const maxWorkers = Math.max(4, os.availableParallelism());
const templates = "./packages/db/src/test-global-setup.ts";

export default defineConfig({
  test: {
    maxWorkers,
    // The default report, then the slowest tests and any slow one not named so (scripts/test-cost.ts).
    reporters: ["default", "./scripts/vitest-cost-reporter.ts"],
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        // The web app's components use Lingui's macros and import compiled catalogues (decision 016).
        plugins: [linguiMacros(), lingui({ configPath: "./apps/web/lingui.config.ts" })],
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/**/*.test.ts",
            "apps/**/*.test.tsx",
            "bench/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: [...apiSuite, ...deploySuite, "**/node_modules/**", "**/build/**"],
          // The seed's Arabic tests load the migrated PGlite rather than migrating their own.
          globalSetup: [templates],
          environment: "node",
        },
      },
      {
        test: {
          name: "api-pglite",
          isolate: false,
          include: apiSuite,
          exclude: ["**/node_modules/**"],
          globalSetup: [templates],
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "deploy",
          include: deploySuite,
          exclude: ["**/node_modules/**"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: "api-postgres",
                isolate: false,
                include: apiSuite,
                exclude: [...databaseIndependent, "**/node_modules/**"],
                globalSetup: [templates],
                env: { TEST_DB: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
