import { defineConfig } from "vitest/config";

/**
 * Unit tests, plus the API integration suite run once on PGlite and, when
 * TEST_DATABASE_URL is set (CI), once more on PostgreSQL (architecture §4).
 */
const apiSuite = ["apps/api/src/**/*.api.test.ts", "apps/server/src/**/*.api.test.ts"];
const postgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/**/*.test.ts",
            "apps/**/*.test.tsx",
            "bench/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: [...apiSuite, "**/node_modules/**", "**/build/**"],
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
