import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "@khayl/config/env";
import { outbox } from "@khayl/db/schema";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { purgeExpired } from "../retention/purge.ts";
import { enqueueMails, REDACTED_TEXT } from "./repository.ts";
import { mailTestDatabase, silentLog, startSmtp, testSealer } from "./testing.ts";
import type { MailTransport } from "./transport.ts";
import { createMailWorker } from "./worker.ts";

/** Code mails: wiped once out, never sent late, and sent before the support team's bulk mail. */
const database = mailTestDatabase();

/** A worker of this file's outbox that hands its mails to `transport`. */
const workerWith = (transport: MailTransport) =>
  createMailWorker({ sealer: testSealer, db: database.db, env: parseEnv({}), log: silentLog, transport });

test("a code mail is wiped from the outbox once delivered or given up; other mails are kept", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "khayl-mail-"));
  try {
    await enqueueMails(database.db, testSealer, [
      {
        kind: "delete-account-code",
        to: "wipe.me@example.com",
        subject: "Code",
        text: "Your verification code is 1234.",
        html: "<p>1234</p>",
        logNote: "verification code 1234",
      },
      {
        kind: "support-confirmation",
        to: "keep.me@example.com",
        subject: "Thanks",
        text: "Your reference number is SR-2026-000001.",
      },
    ]);
    const worker = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env: parseEnv({ DATA_DIR: dir }),
      log: silentLog,
    });
    await worker.deliverDue();
    const [wiped] = await database.db.select().from(outbox).where(eq(outbox.to, "wipe.me@example.com"));
    expect(wiped).toMatchObject({ text: REDACTED_TEXT, html: null, logNote: null });
    expect(wiped?.sentAt).toBeInstanceOf(Date);
    const [kept] = await database.db.select().from(outbox).where(eq(outbox.to, "keep.me@example.com"));
    expect(kept?.text).toContain("SR-2026-000001");
    await worker.stop();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const probe = await startSmtp();
  await probe.stop();
  await enqueueMails(database.db, testSealer, [
    {
      kind: "delete-account-code",
      to: "lost.code@example.com",
      subject: "Code",
      text: "Your verification code is 9876.",
      logNote: "verification code 9876",
    },
  ]);
  const failing = createMailWorker({
    sealer: testSealer,
    db: database.db,
    env: parseEnv({ SMTP_URL: `smtp://127.0.0.1:${probe.port}` }),
    log: silentLog,
    backoffBaseMs: 0,
    maxAttempts: 1,
  });
  expect(await failing.deliverDue()).toEqual({ sent: 0, failed: 1 });
  const [givenUp] = await database.db.select().from(outbox).where(eq(outbox.to, "lost.code@example.com"));
  expect(givenUp).toMatchObject({ text: REDACTED_TEXT, logNote: null, sentAt: null });
  expect(givenUp?.lastError).toBeTruthy();
  await failing.stop();
});

test("a code mail is never sent after its code expired, and the purge drops it", async () => {
  const smtp = await startSmtp();
  const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  const code = (to: string, expiresAt: Date) => ({
    kind: "delete-account-code",
    to,
    subject: "Code",
    text: "Your verification code is 5555.",
    expiresAt,
  });
  await enqueueMails(database.db, testSealer, [
    code("too.late@example.com", new Date(Date.now() - 1000)),
    code("in.time@example.com", new Date(Date.now() + 60_000)),
  ]);
  const worker = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog });
  expect(await worker.deliverDue()).toEqual({ sent: 1, failed: 0 });
  expect(smtp.received.flatMap((m) => m.to)).toEqual(["in.time@example.com"]);
  expect((await purgeExpired(database.db)).expiredCodeMails).toBe(1);
  expect(await database.db.select().from(outbox).where(eq(outbox.to, "too.late@example.com"))).toEqual([]);
  await worker.stop();
  await smtp.stop();
});

test("a mail still being retried when its code expires is not sent late", async () => {
  const smtp = await startSmtp();
  await enqueueMails(database.db, testSealer, [
    {
      kind: "delete-account-code",
      to: "retried@example.com",
      subject: "Code",
      text: "Your verification code is 6666.",
      expiresAt: new Date(Date.now() + 60_000),
    },
  ]);
  // Failed once, then the code expired before the retry was due.
  await database.db
    .update(outbox)
    .set({ attempts: 1, lastError: "down", expiresAt: sql`now() - interval '1 second'` })
    .where(eq(outbox.to, "retried@example.com"));
  const worker = createMailWorker({
    sealer: testSealer,
    db: database.db,
    env: parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
    log: silentLog,
  });
  await worker.deliverDue();
  expect(smtp.received.flatMap((m) => m.to)).not.toContain("retried@example.com");
  await worker.stop();
  await smtp.stop();
});

/** A transport that records the recipients it is given, in order, and runs `onSend` after each. */
function recordingTransport(onSend?: (to: string) => Promise<void>) {
  const delivered: string[] = [];
  return {
    delivered,
    transport: {
      kind: "smtp" as const,
      async send(mail: { to: string }) {
        delivered.push(mail.to);
        await onSend?.(mail.to);
      },
      close: () => undefined,
    },
  };
}

const codeMail = (to: string) => ({
  kind: "delete-account-code",
  to,
  subject: "Code",
  text: "Your verification code is 1357.",
  expiresAt: new Date(Date.now() + 10 * 60_000),
});
const bulkMail = (to: string) => ({ kind: "support-notification", lane: "bulk" as const, to, subject: "N", text: to });

test("a code queued behind a backlog of the support team's mail is claimed and sent first", async () => {
  await enqueueMails(
    database.db,
    testSealer,
    Array.from({ length: 30 }, (_, i) => bulkMail(`backlog${i}@example.com`)),
  );
  await enqueueMails(database.db, testSealer, [codeMail("urgent.code@example.com")]);
  const { delivered, transport } = recordingTransport();
  const worker = workerWith(transport);
  await worker.deliverDue();
  const mine = delivered.filter((to) => to.startsWith("backlog") || to === "urgent.code@example.com");
  expect(mine).toHaveLength(31);
  expect(mine[0]).toBe("urgent.code@example.com");
  await worker.stop();
});

test("a code queued while a round of bulk mail is being sent goes next, not after the round", async () => {
  await enqueueMails(
    database.db,
    testSealer,
    Array.from({ length: 10 }, (_, i) => bulkMail(`round${i}@example.com`)),
  );
  let queued = false;
  const { delivered, transport } = recordingTransport(async () => {
    if (queued) return;
    queued = true;
    await enqueueMails(database.db, testSealer, [codeMail("mid.round@example.com")]);
  });
  const worker = workerWith(transport);
  expect((await worker.deliverDue()).sent).toBe(11);
  const mine = delivered.filter((to) => to.startsWith("round") || to === "mid.round@example.com");
  expect(mine.indexOf("mid.round@example.com")).toBe(1);
  // The round's other mails were given back untried and sent after it, each once.
  expect(mine.filter((to) => to.startsWith("round")).sort()).toEqual(
    Array.from({ length: 10 }, (_, i) => `round${i}@example.com`).sort(),
  );
  const rows = await database.db.select().from(outbox).where(sql`"to" like 'round%'`);
  expect(rows.map((r) => r.attempts)).toEqual(Array(10).fill(1));
  await worker.stop();
});
