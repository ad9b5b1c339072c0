import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacros } from "./apps/web/vite.config.ts";

/**
 * Unit tests, plus the API integration suite run once on PGlite and, when
 * TEST_DATABASE_URL is set (CI), once more on PostgreSQL (architecture §4).
 */
const apiSuite = ["apps/api/src/**/*.api.test.ts", "apps/server/src/**/*.api.test.ts"];
/** docs/deploy.md's production shape (nginx, two instances, PostgreSQL): the full suite only, not on Node 20. */
const deploySuite = ["apps/**/*.deploy.test.ts"];
const postgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
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
          environment: "node",
        },
      },
      {
        test: {
          name: "api-pglite",
          include: apiSuite,
          exclude: ["**/node_modules/**"],
          globalSetup: ["./packages/db/src/test-global-setup.ts"],
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
                include: apiSuite,
                exclude: ["**/node_modules/**"],
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
