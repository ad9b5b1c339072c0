import { createHmac, randomBytes } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "@khayl/config/env";

/**
 * Keyed hashes (HMAC-SHA256 under the server secret) of what the API must recognise
 * again without storing it: verification codes, e-mail addresses and client addresses
 * (architecture §3.7). Without the secret, a copy of the database cannot tell which
 * address or code a hash stands for, even by trying all 10 000 codes.
 */
export interface Hasher {
  /**
   * The HMAC of `value` for one `purpose` (a label such as `"email"` or `"code"`, so
   * the same value hashes differently per use), as 43 base64url characters.
   */
  hash(purpose: string, value: string): string;
}

/** A `Hasher` keyed by `secret` (`SECRET_KEY`, or the demo's generated key). */
export function createHasher(secret: string): Hasher {
  return {
    hash: (purpose, value) => createHmac("sha256", secret).update(`${purpose}\u0000${value}`).digest("base64url"),
  };
}

/** Where the demo keeps its generated secret, relative to `DATA_DIR`. */
const DEMO_SECRET_FILE = "secret-key";

/**
 * The server secret: `SECRET_KEY` when set (required on a public deployment and with
 * `DATABASE_URL`, see `deploymentProblems`); otherwise the demo's own, generated once (256
 * random bits, hex) into `DATA_DIR/secret-key`, readable by the owner only (mode 0600),
 * and read back on every later start. Throws when that file holds fewer than 32
 * characters, and, rather than generate a key of its own, when `DATABASE_URL` names a
 * database that other instances may share (architecture §3.7: their keys would differ).
 */
export async function loadSecretKey(env: Pick<Env, "SECRET_KEY" | "DATA_DIR" | "DATABASE_URL">): Promise<string> {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  if (env.DATABASE_URL)
    throw new Error("SECRET_KEY is not set: with DATABASE_URL, every instance must be given the same SECRET_KEY");
  const file = path.resolve(env.DATA_DIR, DEMO_SECRET_FILE);
  const existing = await readKey(file);
  if (existing !== undefined) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  // Written whole under a temporary name, then linked into place: a process starting on
  // the same DATA_DIR at the same moment either wins the link or reads the winner's key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(draft, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const written = await readKey(file);
  if (written === undefined) throw new Error(`${file} could not be read back`);
  return written;
}

async function readKey(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = text.trim();
  if (key.length < 32) throw new Error(`${file} must hold a secret of at least 32 characters`);
  return key;
}
