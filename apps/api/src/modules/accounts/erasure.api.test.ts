import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  accounts,
  alertSubscriptions,
  deletionLocks,
  outbox,
  rateLimits,
  supportRequests,
  verificationCodes,
} from "@khayl/db/schema";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createHasher } from "../../secret-key.ts";
import { createTestApi, type TestApi } from "../../testing.ts";
import { mailboxOf } from "../mail/mailbox.ts";
import { REDACTED_TEXT } from "../mail/repository.ts";
import { createMailWorker } from "../mail/worker.ts";

/**
 * What deleting an account erases (decision 014): every table and file that held the
 * person's data, checked after a real deletion through the API, with the demo's file
 * outbox (`.eml` files) in a folder of its own.
 */
let api: TestApi;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "khayl-erasure-"));
  api = await createTestApi({ DATA_DIR: dataDir, SUPPORT_EMAIL: "support@khayl.test" });
});
afterAll(async () => {
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
});

const silentLog = { info: () => undefined, warn: () => undefined };
const deliverAll = async () => {
  const worker = createMailWorker({ db: api.database.db, env: api.env, sealer: api.sealer, log: silentLog });
  await worker.deliverDue();
  await worker.stop();
};

// A Gmail address with a dot: the mail budgets count its mailbox (`reemhashimi@gmail.com`).
const person = { name: "Reem Al Hashimi", email: "reem.hashimi@gmail.com", phone: "+971 50 111 2233" };
const other = { name: "Khalid Rahman", email: "khalid.rahman@example.com", phone: "+971 50 444 5566" };

function contact(who: typeof person, email: string, remoteAddress: string, supportInquiry?: string) {
  return api.app.inject({
    method: "POST",
    url: "/api/v1/supportRequests/",
    payload: {
      fullName: who.name,
      email,
      phone: who.phone,
      subject: "Inquiry",
      division: "Air-Shipping",
      applicableReference: "INV-2026-0042",
      supportInquiry: supportInquiry ?? `Please call me on ${who.phone}.`,
      sourceIsApp: false,
      sourceIsWebsite: true,
    },
    remoteAddress,
    // An Arabic inquiry comes from the Arabic pages: its confirmation mail is in Arabic.
    headers: supportInquiry ? { language: "ar" } : {},
  });
}

/** `text` with quoted-printable's soft line breaks and `=XX` escapes undone (an address split by them). */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function emlFiles(): Promise<{ name: string; text: string }[]> {
  const dir = path.join(dataDir, "outbox");
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(path.join(dir, name), "utf8") })));
}

test("deleting an account erases the person everywhere, keeps others' data, and the notice leaves no trace", async () => {
  const db = api.database.db;
  await db.insert(accounts).values({ displayName: person.name, email: person.email, phoneNumber: person.phone });
  // Their messages to support, one typed in another case; and someone else's.
  expect((await contact(person, person.email, "10.30.0.1")).statusCode).toBe(201);
  // In Arabic: a mail of mostly non-Latin text must still show the address it quotes.
  const arabicInquiry = "أرجو الاتصال بي بخصوص نقل حصاني إلى بطولة دبي الدولية للقفز، وشكرًا جزيلًا لكم على المساعدة.";
  expect((await contact(person, "Reem.Hashimi@Gmail.com", "10.30.0.1", arabicInquiry)).statusCode).toBe(201);
  expect((await contact(other, other.email, "10.30.0.2")).statusCode).toBe(201);
  // They watch the flights.
  const alert = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions",
    payload: { email: person.email, watch: "flights", filter: "all", language: "en" },
    remoteAddress: "10.30.0.1",
  });
  expect(alert.statusCode).toBe(202);
  await api.app.inject({
    method: "GET",
    url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(person.email)}`,
    remoteAddress: "10.30.0.1",
  });
  await deliverAll();
  // Counters keyed by the address's or its mailbox's HMAC exist before the deletion.
  const hasher = createHasher(api.env.SECRET_KEY as string);
  const personHashes = [hasher.hash("email", person.email), hasher.hash("email", mailboxOf(person.email))];
  const naming = (key: string) => personHashes.some((hash) => key.includes(hash));
  const keysBefore = (await db.select().from(rateLimits)).map((r) => r.key);
  expect(keysBefore.filter((key) => key.includes(personHashes[0]!)).length).toBeGreaterThan(0);
  expect(keysBefore.filter((key) => key.includes(personHashes[1]!)).length).toBeGreaterThan(0);
  expect(await db.select().from(alertSubscriptions)).toHaveLength(1);
  const mentioning = (text: string) => text.toLowerCase().includes(person.email);
  expect((await emlFiles()).filter((f) => mentioning(f.text)).length).toBeGreaterThanOrEqual(5);
  // Every file can be searched for the address: none is base64, not even the Arabic one.
  expect((await emlFiles()).filter((f) => /content-transfer-encoding: base64/i.test(f.text))).toEqual([]);
  // A file whose row the retention purge already removed is found by what it says.
  await db.delete(outbox).where(and(eq(outbox.to, person.email), eq(outbox.kind, "support-confirmation")));
  await db.delete(outbox).where(and(eq(outbox.kind, "support-notification"), like(outbox.text, "%أرجو الاتصال%")));

  const [codeMail] = (await emlFiles()).filter((f) => f.name.endsWith("delete-account-code.eml"));
  const code = /verification code is (\d{4})/.exec(codeMail?.text ?? "")?.[1] ?? "";
  const confirmed = await api.app.inject({
    method: "POST",
    url: "/api/v1/auth/confrim-delete-account",
    payload: { email: person.email, otpCode: code },
    remoteAddress: "10.30.0.1",
  });
  expect(confirmed.statusCode).toBe(200);

  // accounts: the row stays (invoices point at it), without name, e-mail or phone.
  const deleted = await db.select().from(accounts).where(eq(accounts.displayName, person.name));
  expect(deleted).toEqual([]);
  // support_requests: anonymised, reference and options kept; the other sender's untouched.
  const requests = await db.select().from(supportRequests).orderBy(supportRequests.id);
  expect(requests).toHaveLength(3);
  for (const erased of requests.slice(0, 2)) {
    expect(erased).toMatchObject({
      fullName: "",
      email: "",
      phone: "",
      supportInquiry: "",
      applicableReference: null,
      subject: "Inquiry",
      division: "Air-Shipping",
    });
    expect(erased.reference).toMatch(/^SR-\d{4}-\d{6}$/);
    expect(erased.erasedAt).toBeInstanceOf(Date);
  }
  expect(requests[2]).toMatchObject({ fullName: other.name, email: other.email, erasedAt: null });
  // outbox: nothing to or about the person but the deletion notice, still to be sent.
  const rows = await db.select().from(outbox);
  expect(rows.filter((r) => JSON.stringify(r).toLowerCase().includes(person.email)).map((r) => r.kind)).toEqual([
    "account-deleted",
  ]);
  expect(rows.filter((r) => r.text.includes(`E-mail: ${other.email}`))).toHaveLength(1);
  // .eml files: none names the person any more; the other sender's remain.
  const files = await emlFiles();
  expect(files.filter((f) => mentioning(f.text)).map((f) => f.name)).toEqual([]);
  expect(files.filter((f) => f.text.includes(other.email)).length).toBeGreaterThanOrEqual(2);
  // verification_codes and deletion_locks: nothing left of the address.
  expect(await db.select().from(verificationCodes)).toEqual([]);
  expect(await db.select().from(deletionLocks)).toEqual([]);
  // rate_limits: no key names an address, in clear or as the person's hash.
  const keys = (await db.select().from(rateLimits)).map((r) => r.key);
  expect(keys.filter((k) => k.includes("@"))).toEqual([]);
  expect(keys.filter(naming)).toEqual([]);
  // Nor does one link an erased request to the network it came from; the other sender's stays.
  const sentBy = (id: number | undefined) => keys.filter((k) => k.startsWith(`support-sent:${id}:`));
  expect([...sentBy(requests[0]?.id), ...sentBy(requests[1]?.id)]).toEqual([]);
  expect(sentBy(requests[2]?.id)).toHaveLength(1);
  // alert_subscriptions: their alert is gone.
  expect(await db.select().from(alertSubscriptions)).toEqual([]);

  // The deletion notice is delivered, then its row keeps neither the address nor the text.
  await deliverAll();
  const [notice] = await db.select().from(outbox).where(eq(outbox.kind, "account-deleted")).orderBy(desc(outbox.id));
  expect(notice).toMatchObject({ to: "[erased]", text: REDACTED_TEXT, html: null, lastError: null });
  expect(notice?.sentAt).toBeInstanceOf(Date);
  expect(JSON.stringify(await db.select().from(outbox)).toLowerCase()).not.toContain(person.email);
  // Nor is the notice kept as a file of the demo's outbox: no file names the person.
  const afterNotice = await emlFiles();
  expect(afterNotice.filter((f) => mentioning(f.text) || mentioning(decodeQuotedPrintable(f.text)))).toEqual([]);
  expect(afterNotice.filter((f) => f.name.endsWith("account-deleted.eml"))).toEqual([]);
});
