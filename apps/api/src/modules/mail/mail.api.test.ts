import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os, { networkInterfaces } from "node:os";
import path from "node:path";
import { parseEnv } from "@khayl/config/env";
import { outbox } from "@khayl/db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { claimDueMails, enqueueMails } from "./repository.ts";
import { deletionPausedAlertMail, supportNotificationMail } from "./templates.ts";
import { mailTestDatabase, silentLog, startSmtp, testSealer } from "./testing.ts";
import { accountDeletedMail, deletionCodeMail, supportConfirmationMail } from "./visitor-mails.ts";
import { createMailWorker } from "./worker.ts";

/** Mail delivery through a real SMTP server (conventions §6) or to files: backoff, giving up, TLS. */
const database = mailTestDatabase();

test("with SMTP down the mail waits with a backoff, then goes out once SMTP is up", async () => {
  const probe = await startSmtp();
  const port = probe.port;
  await probe.stop(); // the port is now closed: SMTP is down

  await enqueueMails(database.db, testSealer, [
    { kind: "test", to: "rider@example.com", subject: "Hello", text: "Body one" },
  ]);
  const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  // A backoff long enough that a loaded machine cannot let it pass between two calls.
  const worker = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog, backoffBaseMs: 60_000 });

  const before = Date.now();
  expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 1 });
  const [failed] = await database.db.select().from(outbox).where(eq(outbox.to, "rider@example.com"));
  expect(failed).toMatchObject({ attempts: 1, sentAt: null });
  expect(failed?.lastError).toBeTruthy();
  // The first retry comes one backoff later.
  expect(failed!.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(59_000);
  expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 0 }); // not due yet (backoff)

  const smtp = await startSmtp({ port });
  // The backoff passes (the database's clock decides it: moved, not waited for).
  await database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.to, "rider@example.com"));
  expect(await worker.deliverDue()).toEqual({ sent: 1, failed: 0 });
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]?.to).toEqual(["rider@example.com"]);
  expect(smtp.received[0]?.raw).toContain("Body one");
  const [sent] = await database.db.select().from(outbox).where(eq(outbox.to, "rider@example.com"));
  expect(sent?.sentAt).toBeInstanceOf(Date);
  expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 0 });
  await worker.stop();
  await smtp.stop();
});

test(
  "two workers never send the same mail twice, and a mail claimed by a crashed worker is sent after its lock " +
    "expires",
  async () => {
    const smtp = await startSmtp();
    const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await enqueueMails(
      database.db,
      testSealer,
      Array.from({ length: 12 }, (_, i) => ({
        kind: "test",
        to: `pair${i}@example.com`,
        subject: "Pair",
        text: `n${i}`,
      })),
    );
    // A worker that claimed one mail and died before sending it.
    // Its lease outlasts the two workers' run even on a loaded machine.
    const [orphan] = await claimDueMails(database.db, randomUUID(), 1, 60_000);
    expect(orphan).toBeDefined();

    const a = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog });
    const b = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog });
    const [ra, rb] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(ra.sent + rb.sent).toBe(11);
    // The lease runs out (the database's clock decides it: moved, not waited for).
    await database.db
      .update(outbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, orphan!.id));
    expect((await a.deliverDue()).sent).toBe(1);
    const recipients = smtp.received.flatMap((m) => m.to).filter((t) => t.startsWith("pair"));
    expect(recipients.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `pair${i}@example.com`).sort());
    await a.stop();
    await b.stop();
    await smtp.stop();
  },
);

test(
  "a mail whose lease ran out while its worker sent earlier ones, and that another instance claimed, goes out " +
    "once",
  async () => {
    await enqueueMails(
      database.db,
      testSealer,
      ["slow0", "slow1", "slow2"].map((name) => ({
        kind: "test",
        to: `${name}@example.com`,
        subject: "S",
        text: name,
      })),
    );
    const delivered: string[] = [];
    const recording = (onSend?: () => Promise<void>) => ({
      kind: "smtp" as const,
      async send(mail: { to: string }) {
        if (mail.to.startsWith("slow")) delivered.push(mail.to);
        await onSend?.();
      },
      close: () => undefined,
    });
    const env = parseEnv({});
    const b = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog, transport: recording() });
    let takenOver = false;
    // While A sends its first mail, the leases of the two others run out (set in the past
    // here rather than waited for) and B claims and sends them.
    const a = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env,
      log: silentLog,
      transport: recording(async () => {
        if (takenOver) return;
        takenOver = true;
        await database.db.execute(
          sql`update outbox set locked_until = now() - interval '1 second' where "to" in ('slow1@example.com', 'slow2@example.com')`,
        );
        expect((await b.deliverDue()).sent).toBe(2);
      }),
    });
    expect(await a.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(delivered.sort()).toEqual(["slow0@example.com", "slow1@example.com", "slow2@example.com"]);
    const rows = await database.db.select().from(outbox).where(sql`"to" like 'slow%'`);
    expect(rows.map((r) => r.sentAt)).toEqual([expect.any(Date), expect.any(Date), expect.any(Date)]);
    await a.stop();
    await b.stop();
  },
);

test("a mail whose send outlasts the lease keeps it: another instance never sends it too", async () => {
  await enqueueMails(database.db, testSealer, [{ kind: "test", to: "slow-smtp@example.com", subject: "S", text: "x" }]);
  const delivered: string[] = [];
  const env = parseEnv({});
  // A short lease (200 ms) stands for the minute a real one lasts: the send takes three.
  const lease = { lockMs: 200 };
  const b = createMailWorker({
    sealer: testSealer,
    db: database.db,
    env,
    log: silentLog,
    ...lease,
    transport: { kind: "smtp", send: async (mail) => void delivered.push(`b ${mail.to}`), close: () => undefined },
  });
  const a = createMailWorker({
    sealer: testSealer,
    db: database.db,
    env,
    log: silentLog,
    ...lease,
    transport: {
      kind: "smtp",
      async send(mail) {
        delivered.push(`a ${mail.to}`);
        // While A's slow SMTP server takes its time, B polls the outbox past the first lease.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await b.deliverDue()).sent).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
      close: () => undefined,
    },
  });
  expect(await a.deliverDue()).toEqual({ sent: 1, failed: 0 });
  expect(delivered.filter((line) => line.endsWith("slow-smtp@example.com"))).toEqual(["a slow-smtp@example.com"]);
  await a.stop();
  await b.stop();
});

test("without SMTP_URL each mail becomes an .eml file and one log line (with the code)", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "khayl-mail-"));
  try {
    await enqueueMails(database.db, testSealer, [
      {
        kind: "delete-account-code",
        to: "omar@example.com",
        subject: "Your code",
        text: "Your verification code is 4821.",
        logNote: "verification code 4821",
      },
    ]);
    const lines: string[] = [];
    const worker = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env: parseEnv({ DATA_DIR: dir }),
      log: { info: (_obj, msg) => lines.push(msg), warn: () => undefined },
    });
    expect(worker.transport.kind).toBe("file");
    expect((await worker.deliverDue()).sent).toBe(1);
    const files = await readdir(path.join(dir, "outbox"));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, "outbox", files[0]!), "utf8");
    expect(eml).toContain("To: omar@example.com");
    expect(eml).toContain("Your verification code is 4821.");
    expect(lines).toEqual(["mail to omar@example.com: Your code (verification code 4821)"]);
    await worker.stop();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a mail in Arabic names the sender in Arabic, at MAIL_FROM's address; one in English is from MAIL_FROM", async () => {
  const smtp = await startSmtp();
  try {
    const mails = (["ar", "en"] as const).map((language) =>
      supportConfirmationMail(
        { reference: "KH-1", email: `sender-${language}@example.com`, subject: "Inquiry", division: "Technology" },
        { company: language === "ar" ? "خيل" : "Khayl", supportEmail: "support@khayl.example", language },
      ),
    );
    await enqueueMails(database.db, testSealer, mails);
    const env = parseEnv({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Khayl Logistics <no-reply@khayl.example>",
      COMPANY_NAME_AR: "خيل للخدمات اللوجستية",
    });
    const worker = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog });
    expect((await worker.deliverDue()).sent).toBe(2);
    await worker.stop();
    const fromOf = (to: string) => {
      const raw = smtp.received.find((m) => m.to[0] === to)?.raw ?? "";
      // Unfolded; the space between two RFC 2047 encoded words (a name that is not ASCII) is not text.
      const header = (/^From: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "").replace(/\?=\s+=\?/g, "?==?");
      return header.replace(/=\?utf-8\?B\?([^?]*)\?=/gi, (_m, b64: string) =>
        Buffer.from(b64, "base64").toString("utf8"),
      );
    };
    expect(fromOf("sender-ar@example.com")).toMatch(/^"?خيل للخدمات اللوجستية"? <no-reply@khayl\.example>$/);
    expect(fromOf("sender-en@example.com")).toBe("Khayl Logistics <no-reply@khayl.example>");
    const arabic = smtp.received.find((m) => m.to[0] === "sender-ar@example.com")?.raw ?? "";
    expect(arabic).toMatch(/^Content-Language: ar$/m);
  } finally {
    await smtp.stop();
  }
});

test("every mail the site sends says it is automatic, so no auto-responder answers it (RFC 3834)", async () => {
  const smtp = await startSmtp();
  const dir = await mkdtemp(path.join(os.tmpdir(), "khayl-mail-"));
  try {
    const options = { company: "Khayl Logistics", supportEmail: "support@khayl.example", language: "en" } as const;
    const request = {
      reference: "SR-2027-000002",
      fullName: "Layla Haddad",
      email: "auto.sender@example.com",
      phone: "+971 50 123 4567",
      subject: "Inquiry",
      division: "Technology",
      applicableReference: null,
      supportInquiry: "Out of office? Please do not answer this.",
      language: "en",
    } as const;
    const mails = [
      supportNotificationMail("auto.team@example.com", request),
      // Its Reply-To is the support address: an auto-reply to it would reach the team's own.
      supportConfirmationMail(request, options),
      deletionCodeMail("auto.code@example.com", "4821", { ...options, expiresAt: new Date(Date.now() + 600_000) }),
      accountDeletedMail("auto.deleted@example.com", options),
      deletionPausedAlertMail("auto.ops@example.com", { wrongCodes: 30, until: new Date() }),
      {
        kind: "alert",
        to: "auto.alert@example.com",
        subject: "A flight you watch has changed",
        text: "x",
        headers: { "List-Unsubscribe": "<https://khayl.test/api/v1/alerts/one-click?token=1.t>" },
      },
    ];
    await enqueueMails(database.db, testSealer, mails);
    const worker = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env: parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
      log: silentLog,
    });
    expect(await worker.deliverDue()).toEqual({ sent: mails.length, failed: 0 });
    await worker.stop();
    const received = smtp.received.filter((mail) => mail.to[0]?.startsWith("auto."));
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(mails.map((mail) => mail.to).sort());
    for (const mail of received) {
      expect(mail.raw, mail.to[0]).toMatch(/^Auto-Submitted: auto-generated\r$/m);
      expect(mail.raw, mail.to[0]).toMatch(/^X-Auto-Response-Suppress: OOF, AutoReply\r$/m);
    }
    // The demo's files too.
    await enqueueMails(database.db, testSealer, [supportConfirmationMail(request, options)]);
    const files = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env: parseEnv({ DATA_DIR: dir }),
      log: silentLog,
    });
    expect((await files.deliverDue()).sent).toBe(1);
    await files.stop();
    const [name] = await readdir(path.join(dir, "outbox"));
    expect(await readFile(path.join(dir, "outbox", name!), "utf8")).toMatch(/^Auto-Submitted: auto-generated$/m);
  } finally {
    await smtp.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test("a mail that keeps failing is given up after maxAttempts and stays in the table with its error", async () => {
  const probe = await startSmtp();
  await probe.stop();
  await enqueueMails(database.db, testSealer, [{ kind: "test", to: "never@example.com", subject: "Never", text: "x" }]);
  const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${probe.port}` });
  const worker = createMailWorker({
    sealer: testSealer,
    db: database.db,
    env,
    log: silentLog,
    backoffBaseMs: 0,
    maxAttempts: 2,
  });
  expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 1 });
  expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 1 });
  expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 0 });
  const [row] = await database.db.select().from(outbox).where(eq(outbox.to, "never@example.com"));
  expect(row).toMatchObject({ attempts: 2, sentAt: null });
  expect(row?.lastError).toBeTruthy();
  expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3_600_000);
  await worker.stop();
});

/** An address of this machine that is not loopback (the tests' stand-in for a mail server on the network). */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

// Skipped on a machine with no network interface but loopback: the TLS rule exempts loopback servers, so
// it can only be shown against a non-loopback address (CI machines have one).
describe.runIf(lanAddress)("SMTP encryption", () => {
  test("SMTP beyond loopback must use TLS: a server without STARTTLS gets nothing", async () => {
    const smtp = await startSmtp({ host: lanAddress });
    await enqueueMails(database.db, testSealer, [
      { kind: "test", to: "clear@example.com", subject: "Clear", text: "secret" },
    ]);
    const worker = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env: parseEnv({ SMTP_URL: `smtp://${lanAddress}:${smtp.port}` }),
      log: silentLog,
    });
    expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.arriving()).toBe(0);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.to, "clear@example.com"));
    expect(row?.lastError).toMatch(/STARTTLS/i);
    await worker.stop();
    // The operator's explicit opt-out sends it in clear.
    await database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.to, "clear@example.com"));
    const plain = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env: parseEnv({ SMTP_URL: `smtp://${lanAddress}:${smtp.port}`, SMTP_ALLOW_PLAINTEXT: "true" }),
      log: silentLog,
    });
    expect(await plain.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.flatMap((m) => m.to)).toEqual(["clear@example.com"]);
    await plain.stop();
    await smtp.stop();
  });
});

test("SMTP_URL's query cannot turn off the server certificate's check or lower the TLS version", async () => {
  const smtp = await startSmtp({ selfSignedStartTls: true });
  try {
    await enqueueMails(database.db, testSealer, [
      { kind: "test", to: "tls.owner@example.com", subject: "Your code", text: "Your verification code is 4821." },
    ]);
    const worker = createMailWorker({
      sealer: testSealer,
      db: database.db,
      env: parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false&tls.minVersion=TLSv1` }),
      log: silentLog,
    });
    expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 1 });
    await worker.stop();
    expect(smtp.received).toEqual([]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.to, "tls.owner@example.com"));
    expect(row?.lastError).toMatch(/certificate/i);
  } finally {
    await smtp.stop();
  }
});

test("SMTP_URL's query cannot make the transport print the conversation; the greeting names the public site", async () => {
  const smtp = await startSmtp();
  const printed: string[] = [];
  const spies = (["log", "info", "debug", "error", "warn"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(" "))),
  );
  try {
    const env = {
      ...parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?logger=true&debug=true&transactionLog=true&name=leak` }),
      PUBLIC_URL: "https://www.khayl.example",
    };
    await enqueueMails(database.db, testSealer, [
      { kind: "test", to: "code-owner@example.com", subject: "Your code", text: "Your verification code is 4821." },
    ]);
    const worker = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog });
    expect(await worker.deliverDue()).toEqual({ sent: 1, failed: 0 });
    await worker.stop();
    expect(smtp.received.map((mail) => mail.greeting)).toEqual(["www.khayl.example"]);
    expect(printed.join("\n")).not.toMatch(/code-owner|4821|RCPT/);
  } finally {
    for (const spy of spies) spy.mockRestore();
    await smtp.stop();
  }
});
