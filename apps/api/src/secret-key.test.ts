import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { loadSecretKey } from "./secret-key.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("on a shared database (DATABASE_URL) no key is generated: the instances' keys would differ", async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "khayl-secret-"));
  const DATA_DIR = path.join(dir, "data");
  const DATABASE_URL = "postgres://khayl@127.0.0.1:5432/khayl";
  await expect(loadSecretKey({ DATA_DIR, DATABASE_URL, SECRET_KEY: undefined })).rejects.toThrow(
    /SECRET_KEY is not set: with DATABASE_URL, every instance must be given the same SECRET_KEY/,
  );
  expect(existsSync(DATA_DIR)).toBe(false);
  const key = "0123456789abcdef0123456789abcdef";
  expect(await loadSecretKey({ DATA_DIR, DATABASE_URL, SECRET_KEY: key })).toBe(key);
  // The demo on its own PGlite generates one, and keeps it.
  const demo = await loadSecretKey({ DATA_DIR, DATABASE_URL: undefined, SECRET_KEY: undefined });
  expect(demo).toMatch(/^[0-9a-f]{64}$/);
  expect(await loadSecretKey({ DATA_DIR, DATABASE_URL: undefined, SECRET_KEY: undefined })).toBe(demo);
});
