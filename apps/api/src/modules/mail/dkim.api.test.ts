import { createHash, generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "@khayl/config/env";
import { afterAll, beforeAll, expect, test } from "vitest";
import { enqueueMails } from "./repository.ts";
import { mailTestDatabase, silentLog, startSmtp, testSealer } from "./testing.ts";
import { supportConfirmationMail } from "./visitor-mails.ts";
import { createMailWorker } from "./worker.ts";

/**
 * DKIM signing (architecture §3.6): with `DKIM_*` set, every mail leaves signed, the
 * one-click unsubscribe headers covered (RFC 8058 §4), and the signature verifies with the
 * published public key as a mailbox provider checks it (RFC 6376, relaxed/relaxed).
 */
const database = mailTestDatabase();

let dir: string;
let keyFile: string;
let publicKey: KeyObject;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "khayl-dkim-"));
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  publicKey = pair.publicKey;
  keyFile = path.join(dir, "dkim.pem");
  await writeFile(keyFile, pair.privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A mail as the alerts send it (decision 028): the one-click pair of RFC 8058. */
const alertMail = (to: string) => ({
  kind: "alert",
  to,
  subject: "A flight you watch has changed",
  text: "Manage your alerts: https://khayl.test/alerts/manage/41.token\n",
  headers: {
    "List-Unsubscribe": "<https://khayl.test/api/v1/alerts/one-click?token=41.token>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
});

/** One header field, unfolded and canonicalised the relaxed way (RFC 6376 §3.4.2). */
function relaxedHeader(field: string): string {
  const colon = field.indexOf(":");
  const value = field
    .slice(colon + 1)
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${field.slice(0, colon).trim().toLowerCase()}:${value}`;
}

/**
 * What a receiving server finds of a message's DKIM signature: its tags, whether the body
 * hash matches and whether the signature verifies under `key` (RFC 6376 §6, relaxed/relaxed).
 */
function dkimOf(raw: string, key: KeyObject) {
  const end = raw.indexOf("\r\n\r\n");
  const fields = raw.slice(0, end).split(/\r\n(?![ \t])/);
  const signature = fields.find((field) => /^dkim-signature:/i.test(field));
  if (!signature) return null;
  const tags = Object.fromEntries(
    signature
      .slice(signature.indexOf(":") + 1)
      .replace(/\s+/g, "")
      .split(";")
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf("=")), tag.slice(tag.indexOf("=") + 1)]),
  );
  const signed = String(tags.h)
    .split(":")
    .map((name) => name.toLowerCase());
  const lines = signed.map((name) => {
    const field = fields.findLast((f) => f.slice(0, f.indexOf(":")).trim().toLowerCase() === name);
    return relaxedHeader(field ?? `${name}:`);
  });
  const unsigned = relaxedHeader(signature.replace(/([;:]\s*b\s*=)[^;]*/, "$1"));
  const data = `${lines.join("\r\n")}\r\n${unsigned}`;
  const bodyLines = raw
    .slice(end + 4)
    .split("\r\n")
    .map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (bodyLines.length > 0 && bodyLines.at(-1) === "") bodyLines.pop();
  const body = bodyLines.length > 0 ? `${bodyLines.join("\r\n")}\r\n` : "";
  return {
    domain: tags.d,
    selector: tags.s,
    signed,
    bodyHashMatches: createHash("sha256").update(body).digest("base64") === tags.bh,
    verifies: verify("sha256", Buffer.from(data, "latin1"), key, Buffer.from(String(tags.b), "base64")),
  };
}

test("with DKIM configured every mail is signed, the one-click unsubscribe headers included, and verifies", async () => {
  const smtp = await startSmtp();
  try {
    await enqueueMails(database.db, testSealer, [
      alertMail("signed.alert@example.com"),
      supportConfirmationMail(
        { reference: "SR-2027-000001", email: "signed.ar@example.com", subject: "Inquiry", division: "Technology" },
        { company: "خيل للخدمات اللوجستية", supportEmail: "support@khayl.example", language: "ar" },
      ),
    ]);
    const env = parseEnv({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Khayl Logistics <no-reply@khayl.example>",
      DKIM_DOMAIN: "khayl.example",
      DKIM_SELECTOR: "khayl2027",
      DKIM_PRIVATE_KEY_FILE: keyFile,
    });
    const worker = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog });
    expect(await worker.deliverDue()).toEqual({ sent: 2, failed: 0 });
    await worker.stop();

    const rawTo = (to: string) => smtp.received.find((mail) => mail.to[0] === to)?.raw ?? "";
    const alert = dkimOf(rawTo("signed.alert@example.com"), publicKey);
    expect(alert).toMatchObject({
      domain: "khayl.example",
      selector: "khayl2027",
      bodyHashMatches: true,
      verifies: true,
    });
    expect(alert?.signed).toEqual(expect.arrayContaining(["from", "to", "subject", "date", "message-id"]));
    // RFC 8058 §4: a provider offers one-click only when both are under a valid signature.
    expect(alert?.signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));
    // A relay that changes the unsubscribe link breaks the signature.
    const forged = rawTo("signed.alert@example.com").replace("token=41.token", "token=42.token");
    expect(dkimOf(forged, publicKey)?.verifies).toBe(false);

    const arabic = dkimOf(rawTo("signed.ar@example.com"), publicKey);
    expect(arabic).toMatchObject({ bodyHashMatches: true, verifies: true });
    expect(arabic?.signed).toEqual(expect.arrayContaining(["from", "reply-to", "content-language"]));
  } finally {
    await smtp.stop();
  }
});

test("without DKIM configured mail goes out unsigned", async () => {
  const smtp = await startSmtp();
  try {
    await enqueueMails(database.db, testSealer, [alertMail("unsigned.alert@example.com")]);
    const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const worker = createMailWorker({ sealer: testSealer, db: database.db, env, log: silentLog });
    expect(await worker.deliverDue()).toEqual({ sent: 1, failed: 0 });
    await worker.stop();
    const [mail] = smtp.received;
    expect(mail?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail?.raw).not.toMatch(/^DKIM-Signature:/im);
  } finally {
    await smtp.stop();
  }
});
