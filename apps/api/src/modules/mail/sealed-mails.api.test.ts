import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { parseEnv } from "@khayl/config/env";
import { createDb, type DbHandle } from "@khayl/db/client";
import { outbox } from "@khayl/db/schema";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { createSealer } from "../../secret-key.ts";
import { enqueueMails, REDACTED_TEXT } from "./repository.ts";
import { mailTestDatabase, silentLog, startSmtp, testSealer } from "./testing.ts";
import { createMailWorker } from "./worker.ts";

/**
 * Mails that carry a code or an alert link wait in the outbox sealed under the server secret
 * (architecture §3.7, "At rest"): a copy of the database's files holds neither.
 */
const database = mailTestDatabase();

/** An embedded database of this test's own, whose files (write-ahead log included) it can read whole. */
async function embeddedDatabase(): Promise<{ handle: DbHandle; files: () => Promise<Buffer> }> {
  const template = process.env.PGLITE_TEMPLATE;
  const pglite = template
    ? await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) })
    : await PGlite.create();
  const handle = await createDb({ pglite });
  if (!template) await handle.migrate();
  return { handle, files: async () => Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()) };
}

test("a code mail waits sealed: neither its row nor the database's files hold the code, and its owner gets it", async () => {
  const { handle, files } = await embeddedDatabase();
  const smtp = await startSmtp();
  try {
    await enqueueMails(handle.db, testSealer, [
      {
        kind: "delete-account-code",
        to: "sealed.owner@example.com",
        subject: "Code",
        text: "Your verification code is 4821, valid for ten minutes.",
        html: "<p>Your verification code is 4821, valid for ten minutes.</p>",
        logNote: "verification code 4821 (ten minutes)",
      },
      {
        kind: "alert",
        to: "sealed.owner@example.com",
        subject: "Flight changed",
        text: "Manage: https://khayl.test/alerts/manage/41.secret-link-token-of-the-owner",
        headers: {
          "List-Unsubscribe": "<https://khayl.test/api/v1/alerts/one-click?token=41.secret-link-token-of-the-owner>",
        },
      },
      // Not a secret: kept as written, and what shows the files are searched at all.
      {
        kind: "support-confirmation",
        to: "plain@example.com",
        subject: "Thanks",
        text: "Reference SR-2026-004821 noted.",
      },
    ]);
    const rows = await handle.db.select().from(outbox).orderBy(outbox.id);
    for (const row of rows.slice(0, 2)) {
      expect(row.text).toMatch(/^sealed:v1:/);
      expect(row).toMatchObject({ html: null, headers: null, logNote: null });
    }
    expect(JSON.stringify(rows)).not.toMatch(/4821,|secret-link-token/);
    const dump = await files();
    expect(dump.includes("Reference SR-2026-004821 noted.")).toBe(true);
    for (const secret of ["code is 4821", "verification code 4821", "secret-link-token"])
      expect(dump.includes(secret), secret).toBe(false);

    const worker = createMailWorker({
      db: handle.db,
      env: parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
      sealer: testSealer,
      log: silentLog,
    });
    expect(await worker.deliverDue()).toEqual({ sent: 3, failed: 0 });
    await worker.stop();
    const raw = smtp.received.map((mail) => mail.raw).join("\n");
    expect(raw).toContain("Your verification code is 4821, valid for ten minutes.");
    expect(raw).toMatch(
      /List-Unsubscribe:\s+<https:\/\/khayl\.test\/api\/v1\/alerts\/one-click\?token=41\.secret-link-token/,
    );
  } finally {
    await smtp.stop();
    await handle.close();
  }
});

test("a sealed mail moved to another recipient, or sealed under another secret, is given up at once, never sent", async () => {
  const smtp = await startSmtp();
  try {
    await enqueueMails(database.db, testSealer, [
      {
        kind: "delete-account-code",
        to: "victim@example.com",
        subject: "Code",
        text: "Your verification code is 7310.",
      },
    ]);
    // Someone who can write to the database sends the victim's code to themselves.
    await database.db.update(outbox).set({ to: "attacker@example.com" }).where(eq(outbox.to, "victim@example.com"));
    // A mail queued before SECRET_KEY changed.
    await enqueueMails(database.db, createSealer(randomBytes(32).toString("hex")), [
      { kind: "alert-confirmation", to: "before.rotation@example.com", subject: "Confirm", text: "Confirm: 12.token" },
    ]);
    await enqueueMails(database.db, testSealer, [
      { kind: "support-confirmation", to: "after@example.com", subject: "Thanks", text: "Noted." },
    ]);
    const worker = createMailWorker({
      db: database.db,
      env: parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
      sealer: testSealer,
      log: silentLog,
    });
    // The round goes on past them: the next mail is sent in the same round.
    expect(await worker.deliverDue()).toEqual({ sent: 1, failed: 0 });
    await worker.stop();
    expect(smtp.received.map((mail) => mail.to)).toEqual([["after@example.com"]]);
    const parked = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.to} in ('attacker@example.com', 'before.rotation@example.com')`);
    expect(parked).toHaveLength(2);
    for (const row of parked) {
      expect(row).toMatchObject({
        sentAt: null,
        text: REDACTED_TEXT,
        lastError: expect.stringMatching(/cannot be opened/),
      });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3_600_000);
    }
  } finally {
    await smtp.stop();
  }
});
