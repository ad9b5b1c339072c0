import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { preparePgliteTemplate } from "./testing.ts";

/** Vitest global setup: migrate one PGlite once and share it as a template (architecture §5). */
export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-template-"));
  const file = path.join(dir, "template.tar");
  await preparePgliteTemplate(file);
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
