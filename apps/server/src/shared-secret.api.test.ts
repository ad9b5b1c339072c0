import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openedOutbox } from "@khayl/api/modules/mail/testing";
import { secretKeysOf } from "@khayl/api/secret-key";
import { parseEnv } from "@khayl/config/env";
import { outbox } from "@khayl/db/schema";
import { createScratchPostgres, testDbKind } from "@khayl/db/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { buildHost, type Host } from "./host.ts";

/**
 * Instances on one PostgreSQL hash codes and addresses with one `SECRET_KEY`
 * (architecture §3.7, decision 020): without it the configuration is refused, since each
 * instance would generate a key of its own into its `DATA_DIR`. PostgreSQL only: a PGlite
 * belongs to one process.
 */
describe.runIf(testDbKind() === "postgres")("instances sharing one PostgreSQL", () => {
  test("refused without SECRET_KEY; with one, a code asked through one instance is confirmed through another", async () => {
    const scratch = await createScratchPostgres();
    const work = mkdtempSync(path.join(os.tmpdir(), "khayl-shared-secret-"));
    const hosts: Host[] = [];
    const source = (name: string) => ({
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(work, name),
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
    });
    try {
      expect(() => parseEnv(source("a"))).toThrow(/^ {2}SECRET_KEY: not set; .*on the shared DATABASE_URL/m);

      const SECRET_KEY = randomBytes(32).toString("hex");
      const start = async (name: string, key: string) => {
        const host = await buildHost({ env: parseEnv({ ...source(name), SECRET_KEY: key }), logger: false });
        hosts.push(host);
        return host;
      };
      const a = await start("a", SECRET_KEY);
      const b = await start("b", SECRET_KEY);
      // What every instance generating its own key amounted to.
      const other = await start("other", randomBytes(32).toString("hex"));

      const email = "omar.mansoori@example.com";
      const ask = await a.app.inject({ url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}` });
      expect(ask.statusCode).toBe(200);
      const [mail] = await scratchMail(a, SECRET_KEY, email);
      const otpCode = /code is (\d{4})/.exec(mail?.text ?? "")?.[1];
      expect(otpCode).toMatch(/^\d{4}$/);

      const confirm = (host: Host) =>
        host.app.inject({
          method: "POST",
          url: "/api/v1/auth/confrim-delete-account",
          payload: { email, otpCode },
        });
      const refused = await confirm(other);
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 400,
        message: "Invalid or expired verification code",
      });
      const confirmed = await confirm(b);
      expect({ status: confirmed.statusCode, message: confirmed.json().message }).toEqual({
        status: 200,
        message: "Your Account has been deleted successfully!!",
      });
    } finally {
      for (const host of hosts.reverse()) await host.close({ graceMs: 1_000 });
      await scratch.drop();
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The newest deletion code mail to `email` in the outbox, read through `host`'s database and opened with `secretKey`. */
async function scratchMail(host: Host, secretKey: string, email: string) {
  const mails = await openedOutbox(
    host.database.db,
    secretKeysOf(secretKey).sealer,
    and(eq(outbox.to, email), eq(outbox.kind, "delete-account-code")),
  );
  return mails.reverse();
}
