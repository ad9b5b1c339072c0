import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { createSealer, loadSecretKey, UnsealError } from "./secret-key.ts";

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

test("a sealed text opens only under its secret, for its context, unaltered; sealing twice differs", () => {
  const sealer = createSealer("a".repeat(64));
  const plain = "Your verification code is 4821 – رمز التحقق";
  const sealed = sealer.seal("outbox\u0000delete-account-code\u0000owner@example.com", plain);
  expect(sealed).toMatch(/^sealed:v1:[\w-]+$/);
  expect(sealed).not.toContain("4821");
  expect(sealer.seal("outbox\u0000delete-account-code\u0000owner@example.com", plain)).not.toBe(sealed);
  expect(sealer.open("outbox\u0000delete-account-code\u0000owner@example.com", sealed)).toBe(plain);

  expect(() =>
    createSealer("b".repeat(64)).open("outbox\u0000delete-account-code\u0000owner@example.com", sealed),
  ).toThrow(UnsealError);
  expect(() => sealer.open("outbox\u0000delete-account-code\u0000attacker@example.com", sealed)).toThrow(UnsealError);
  const body = Buffer.from(sealed.slice("sealed:v1:".length), "base64url");
  body[body.length - 1] = (body.at(-1) ?? 0) ^ 1;
  const altered = `sealed:v1:${body.toString("base64url")}`;
  expect(() => sealer.open("outbox\u0000delete-account-code\u0000owner@example.com", altered)).toThrow(UnsealError);
  for (const notSealed of [plain, "sealed:v1:", "sealed:v1:AAAA"])
    expect(() => sealer.open("outbox\u0000delete-account-code\u0000owner@example.com", notSealed)).toThrow(UnsealError);
});
