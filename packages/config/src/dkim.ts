import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The variables of DKIM signing (architecture §3.6), which are set all together or not at all. */
const DKIM_VARIABLES = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY_FILE"] as const;

/**
 * The fewest bits of an RSA key that signs mail: RFC 8301 §3.2 (verifiers ignore signatures
 * of shorter keys); 2048 is what it recommends, and what docs/deploy.md tells operators to make.
 */
const MIN_RSA_BITS = 1024;

/**
 * The private key of `DKIM_PRIVATE_KEY_FILE` (a path, relative to the working directory):
 * an unencrypted PEM RSA key of at least 1024 bits, as nodemailer signs (`rsa-sha256`).
 * Kept in a file rather than the environment, so it is not in the process's environment
 * (inherited by child processes, printed by `env`) and can be mounted as a secret with
 * mode 0600. Throws an `Error` whose message says what is wrong with the file (unreadable,
 * no PEM private key, not RSA, too short), without the key's content.
 */
export function readDkimKey(file: string): KeyObject {
  const resolved = path.resolve(file);
  let pem: Buffer;
  try {
    pem = readFileSync(resolved);
  } catch (error) {
    throw new Error(`cannot read ${resolved} (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    throw new Error(
      `${resolved} holds no unencrypted PEM private key (make one with \`openssl genrsa -out dkim.pem 2048\`)`,
    );
  }
  if (key.asymmetricKeyType !== "rsa")
    throw new Error(
      `${resolved} holds an ${key.asymmetricKeyType ?? "unknown"} key; DKIM here signs with RSA (rsa-sha256)`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS)
    throw new Error(`${resolved} holds a ${bits}-bit RSA key; DKIM needs at least ${MIN_RSA_BITS} bits (2048 advised)`);
  return key;
}

/**
 * The problems of a DKIM configuration in `source` (the raw environment; an empty value
 * counts as unset), one line each as `parseEnv` prints them: half a configuration (mail
 * would go out unsigned, one-click unsubscribe failing at mailbox providers that require
 * it, RFC 8058 §4), and, when `readKey` and all are set, what is wrong with the key file
 * (`readDkimKey`). None when all or none are set and the key reads.
 */
export function dkimProblems(source: Record<string, string | undefined>, readKey: boolean): string[] {
  const set = DKIM_VARIABLES.filter((name) => source[name] !== undefined && source[name] !== "");
  if (set.length === 0) return [];
  if (set.length < DKIM_VARIABLES.length) {
    const missing = DKIM_VARIABLES.filter((name) => !set.includes(name));
    return [
      `${DKIM_VARIABLES.join(", ")}: set all three (mail signed with DKIM) or none (unsigned); ${missing.join(" and ")} missing`,
    ];
  }
  if (!readKey) return [];
  try {
    readDkimKey(source.DKIM_PRIVATE_KEY_FILE as string);
    return [];
  } catch (error) {
    return [`DKIM_PRIVATE_KEY_FILE: ${(error as Error).message}`];
  }
}
