import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { preparePgliteTemplate, preparePostgresTemplate } from "./testing.ts";

/**
 * Vitest global setup: migrate once per run, then let `createTestDb` copy (conventions §5).
 * A PGlite data folder dumped to a file (`PGLITE_TEMPLATE`) and, with TEST_DATABASE_URL, a
 * migrated PostgreSQL database (`POSTGRES_TEMPLATE`) that each test file clones. Several
 * projects name this setup; the first one to run makes the templates for all of them.
 */
export default async function setup() {
  if (process.env.PGLITE_TEMPLATE) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-template-"));
  const file = path.join(dir, "template.tar");
  await preparePgliteTemplate(file);
  process.env.PGLITE_TEMPLATE = file;
  let dropPostgres: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const name = `t_template_${randomBytes(6).toString("hex")}`;
    dropPostgres = await preparePostgresTemplate(name);
    process.env.POSTGRES_TEMPLATE = name;
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropPostgres?.();
  };
}
