import { parseEnv } from "@khayl/config/env";
import { createDb, type DbHandle } from "@khayl/db/client";
import { outbox } from "@khayl/db/schema";
import { createScratchPostgres, type ScratchPostgres } from "@khayl/db/testing";
import { type CuttableProxy, startCuttableProxy } from "@khayl/db/testing-proxy";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enqueueMails } from "./repository.ts";
import { startSmtp, type TestSmtp, testSealer } from "./testing.ts";
import { createMailWorker } from "./worker.ts";

/**
 * The outbox across a database outage (decision 023): the worker reaches PostgreSQL
 * through a TCP proxy that the test cuts while a mail is in the SMTP server's hands, so
 * the mail goes out and its `sent_at` cannot be written. Only on PostgreSQL.
 */
const postgresUrl = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
/** The worker's lease on a claimed mail; the test moves it past, as a real outage would outlast it. */
const LOCK_MS = 1_000;

let scratch: ScratchPostgres | undefined;
let proxy: CuttableProxy | undefined;
let direct: DbHandle | undefined;
let through: DbHandle | undefined;
let smtp: TestSmtp | undefined;

beforeAll(async () => {
  if (!postgresUrl) return;
  scratch = await createScratchPostgres();
  direct = await createDb({ databaseUrl: scratch.url, poolSize: 2 });
  await direct.migrate();
  const target = new URL(scratch.url);
  proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  through = await createDb({ databaseUrl: proxy.urlThrough(scratch.url), poolSize: 2, onIdleError: () => undefined });
  smtp = await startSmtp({ delayMs: 600 });
}, 60_000);

afterAll(async () => {
  await through?.close();
  await direct?.close();
  await proxy?.close();
  await smtp?.stop();
  await scratch?.drop();
});

describe("the outbox across a database outage (skipped without TEST_DATABASE_URL on the api-postgres project)", () => {
  test.skipIf(!postgresUrl)(
    "a mail sent while the database went away is recorded as sent once it is back, never sent again",
    async () => {
      if (!direct || !through || !proxy || !smtp) throw new Error("set-up failed");
      await enqueueMails(direct.db, testSealer, [
        { kind: "test", to: "outage@example.com", subject: "Once", text: "Only once" },
      ]);
      const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const log = { info: () => undefined, warn: () => undefined };
      const worker = createMailWorker({ sealer: testSealer, db: through.db, env, log, lockMs: LOCK_MS });

      const round = worker.deliverDue();
      // The mail is in the SMTP server's hands (it answers 600 ms later): the database goes.
      await expect.poll(() => smtp?.arriving(), { timeout: 5_000, interval: 10 }).toBe(1);
      await proxy.cut();
      await expect(round).rejects.toThrow();
      expect(smtp.received).toHaveLength(1);
      // The outage outlasts the lease: the database's clock is moved past it, not waited for,
      // so the mail is claimable again when the database comes back.
      const [leased] = await direct.db
        .update(outbox)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(outbox.to, "outage@example.com"))
        .returning({ sentAt: outbox.sentAt });
      expect(leased).toEqual({ sentAt: null }); // the row is there, and its sending not yet recorded
      await proxy.restore();

      await worker.deliverDue();
      await worker.deliverDue();
      await worker.stop();
      expect(smtp.received).toHaveLength(1);
      const [row] = await direct.db.select().from(outbox).where(eq(outbox.to, "outage@example.com"));
      expect(row?.sentAt).toBeInstanceOf(Date);
    },
  );
});
