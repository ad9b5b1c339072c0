import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
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

/**
 * Authenticated encryption (AES-256-GCM under a key derived from the server secret) of what
 * the server must keep for a short while and read back itself, but must not leave readable
 * in the database's files: the text of a mail that carries a verification code or an alert
 * link while it waits in the outbox (architecture §3.7, "At rest").
 */
export interface Sealer {
  /**
   * `plain` sealed for one `context` (what the sealed text belongs to, e.g. a mail's kind and
   * recipient): `sealed:v1:` and base64url of a random 96-bit nonce, the 128-bit tag and the
   * ciphertext. Sealing the same text twice gives different results.
   */
  seal(context: string, plain: string): string;
  /**
   * The plain text of `sealed`; throws `UnsealError` when it was sealed under another
   * secret or for another context, or was altered.
   */
  open(context: string, sealed: string): string;
}

/** `Sealer.open` could not open a sealed text: another secret, another context, or altered. */
export class UnsealError extends Error {
  constructor() {
    super("sealed text cannot be opened: sealed under another SECRET_KEY or for another context, or altered");
    this.name = "UnsealError";
  }
}

const SEALED_PREFIX = "sealed:v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** True when `text` is a sealed text (`Sealer.seal`), not plain text. */
export function isSealed(text: string): boolean {
  return text.startsWith(SEALED_PREFIX);
}

/** A `Sealer` under `secret` (`SECRET_KEY`, or the demo's generated key), its key derived by HKDF-SHA256. */
export function createSealer(secret: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "khayl sealed text v1", 32));
  return {
    seal(context, plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(context, sealed) {
      if (!isSealed(sealed)) throw new UnsealError();
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64url");
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new UnsealError();
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new UnsealError();
      }
    },
  };
}

/** What the server secret keys: the hashes of what is recognised again, and the sealed texts. */
export interface SecretKeys {
  hasher: Hasher;
  sealer: Sealer;
}

/** The `Hasher` and `Sealer` under `secret` (`loadSecretKey`). */
export function secretKeysOf(secret: string): SecretKeys {
  return { hasher: createHasher(secret), sealer: createSealer(secret) };
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
