import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { readDkimKey } from "@khayl/config/dkim";
import type { Env } from "@khayl/config/env";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { OutboxRow } from "./repository.ts";
import { ERASED_RECIPIENT_KINDS } from "./templates.ts";

/** Where a mail went: the SMTP server, or the `.eml` file written instead. */
export interface MailTransport {
  readonly kind: "smtp" | "file";
  /** Delivers one mail; throws when the server refuses or cannot be reached. */
  send(mail: OutboxRow): Promise<void>;
  close(): void;
}

export interface MailLog {
  info(obj: object, msg: string): void;
}

/** True for a host name or address that never leaves the machine (`localhost`, 127.0.0.0/8, `::1`). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}

/**
 * The only query key of `SMTP_URL` passed on to nodemailer: the name the server's
 * certificate is checked against. nodemailer turns every other key into an option of the
 * connection after the server's own, so a query could lower TLS (`requireTLS`, `ignoreTLS`,
 * `secure`, `tls.rejectUnauthorized`, `tls.minVersion`: `smtpRequiresStartTls`), route the
 * connection through a `proxy`, change the waits or the greeting's name, or print the SMTP
 * conversation, recipients and codes included, past the log's scrubbing (`logger`, `debug`,
 * `transactionLog`: architecture §2).
 */
const SMTP_URL_QUERY_KEYS = ["tls.servername"];

/** `url` with only the query keys of `SMTP_URL_QUERY_KEYS` (architecture §3.6). */
function smtpUrlOfOurOwn(url: string): string {
  const parsed = new URL(url);
  for (const key of [...parsed.searchParams.keys()])
    if (!SMTP_URL_QUERY_KEYS.includes(key)) parsed.searchParams.delete(key);
  return parsed.href;
}

/**
 * Whether SMTP must be encrypted (architecture §3.6): `smtps:` is TLS from the start;
 * `smtp:` must upgrade with STARTTLS (`requireTLS`) unless the server is on loopback or
 * the operator set `SMTP_ALLOW_PLAINTEXT=true`, so credentials, codes and addresses never
 * cross a network in clear by accident.
 */
function smtpRequiresStartTls(env: Pick<Env, "SMTP_URL" | "SMTP_ALLOW_PLAINTEXT">): boolean {
  if (!env.SMTP_URL || env.SMTP_ALLOW_PLAINTEXT) return false;
  const url = new URL(env.SMTP_URL);
  return url.protocol !== "smtps:" && !isLoopbackHost(url.hostname);
}

/**
 * Who a mail is from: `MAIL_FROM`, but for a mail written in Arabic (its `Content-Language`,
 * `languageHeaders` in outgoing-mail.ts) `MAIL_FROM`'s address under the Arabic company name
 * (`COMPANY_NAME_AR`), so an Arabic reader's inbox names the sender in Arabic (decision 016).
 */
function senderOf(
  env: Pick<Env, "MAIL_FROM" | "COMPANY_NAME_AR">,
  mail: Pick<OutboxRow, "headers">,
): string | { name: string; address: string } {
  if (mail.headers?.["Content-Language"] !== "ar") return env.MAIL_FROM;
  const [sender] = addressparser(env.MAIL_FROM, { flatten: true });
  return sender?.address ? { name: env.COMPANY_NAME_AR, address: sender.address } : env.MAIL_FROM;
}

/**
 * Headers of every mail the site sends: `Auto-Submitted: auto-generated` (RFC 3834 §5), so
 * no auto-responder (an out-of-office, a ticket system) answers it: the support
 * confirmation's `Reply-To` is the support address, whose own auto-reply and the visitor's
 * could otherwise answer each other for ever; and `X-Auto-Response-Suppress`, which
 * Exchange and Outlook read instead for their out-of-office and automatic replies.
 */
const AUTOMATIC_MAIL_HEADERS = { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "OOF, AutoReply" };

/**
 * The headers a DKIM signature covers, those a mail has (nodemailer's own list, RFC 6376
 * §5.4.1, plus ours): the one-click unsubscribe pair above all, which RFC 8058 §4 requires
 * signed (a mailbox provider offers one-click only then), and `Content-Language` (by which
 * the sender is named in Arabic) and `Auto-Submitted`, so no relay can change them unseen.
 */
const DKIM_SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "Content-Language",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "Auto-Submitted",
].join(":");

/**
 * nodemailer's `dkim` option when `DKIM_DOMAIN`, `DKIM_SELECTOR` and `DKIM_PRIVATE_KEY_FILE`
 * are set (`parseEnv` refuses fewer, and a key that does not read): every mail is then signed
 * with `d=DKIM_DOMAIN; s=DKIM_SELECTOR` over `DKIM_SIGNED_HEADERS` (architecture §3.6).
 * Undefined when they are unset: mail goes out unsigned. Throws (`readDkimKey`) when the key
 * file no longer reads.
 */
function dkimOf(env: Pick<Env, "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY_FILE">) {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY_FILE) return undefined;
  return {
    domainName: env.DKIM_DOMAIN,
    keySelector: env.DKIM_SELECTOR,
    privateKey: readDkimKey(env.DKIM_PRIVATE_KEY_FILE),
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}

/**
 * The mail transport of architecture §3.6: SMTP through nodemailer when `SMTP_URL` is set
 * (encrypted unless loopback or `SMTP_ALLOW_PLAINTEXT`: `smtpRequiresStartTls`);
 * otherwise each mail is written as `DATA_DIR/outbox/<id>-<kind>.eml` (but the notice that
 * an account was deleted, `ERASED_RECIPIENT_KINDS`: decision 014) and one log line names the
 * recipient and subject (and the row's `logNote`, e.g. a verification code), so a newcomer
 * can finish the deletion flow locally. Either adds `AUTOMATIC_MAIL_HEADERS`
 * to every mail, and signs it with DKIM when that is configured (`dkimOf`).
 */
export function createMailTransport(env: Env, log: MailLog): MailTransport {
  const dkim = dkimOf(env);
  if (env.SMTP_URL) {
    // Bounded waits (nodemailer's defaults are minutes): a hung server fails the attempt,
    // which the worker retries later, instead of holding a shutdown or a lease. The
    // greeting names the public site, never this machine's own host name.
    const smtp = nodemailer.createTransport({
      url: smtpUrlOfOurOwn(env.SMTP_URL),
      ...(env.PUBLIC_URL ? { name: new URL(env.PUBLIC_URL).hostname } : {}),
      logger: false,
      debug: false,
      requireTLS: smtpRequiresStartTls(env),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...(dkim ? { dkim } : {}),
    });
    return {
      kind: "smtp",
      async send(mail) {
        await smtp.sendMail({
          from: senderOf(env, mail),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: { ...mail.headers, ...AUTOMATIC_MAIL_HEADERS },
        });
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.resolve(env.DATA_DIR, "outbox");
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
    ...(dkim ? { dkim } : {}),
  });
  return {
    kind: "file",
    async send(mail) {
      const info = await stream.sendMail({
        from: senderOf(env, mail),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: { ...mail.headers, ...AUTOMATIC_MAIL_HEADERS },
        // Mostly non-Latin text (Arabic) would be base64, hiding the address it quotes from
        // `eraseMailFiles`; quoted-printable keeps every ASCII address readable in the file.
        textEncoding: "quoted-printable",
      });
      // The notice that an account was deleted is written after that account's files were
      // erased (`eraseMailFiles`): kept, it would name the erased address for as long as the
      // retention purge keeps files. Its log line is all the demo shows of it (decision 014).
      const file = ERASED_RECIPIENT_KINDS.includes(mail.kind)
        ? null
        : path.join(dir, `${mailFilePrefix(mail.id)}${mail.kind}.eml`);
      if (file) {
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      }
      // The demo's file outbox names the recipient and the code on purpose (architecture §3.6);
      // a public deployment cannot run without SMTP_URL, so this line never reaches its log.
      log.info(
        { demoOutbox: true, to: mail.to, subject: mail.subject, ...(mail.logNote ? { note: mail.logNote } : {}), file },
        `mail to ${mail.to}: ${mail.subject}${mail.logNote ? ` (${mail.logNote})` : ""}`,
      );
    },
    close: () => stream.close(),
  };
}

/** The start of the name of the demo's `.eml` file of the outbox row `id`: `000042-`. */
function mailFilePrefix(id: number): string {
  return `${String(id).padStart(6, "0")}-`;
}

/** Undoes quoted-printable soft line breaks and `=XX` escapes, so an address split by them is found. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The demo file outbox's folder and its `.eml` files' names; none when it does not exist (mail goes through SMTP). */
async function mailFilesOf(dataDir: string): Promise<{ dir: string; names: string[] }> {
  const dir = path.resolve(dataDir, "outbox");
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return { dir, names: names.filter((name) => name.endsWith(".eml")) };
}

/**
 * Deletes the demo file outbox's `.eml` files last written more than `days` days ago (the
 * retention purge, architecture §3.7: as long as a delivered mail's outbox row is kept), so
 * the files of support requests and alert links do not stay for ever where mail goes to
 * files. Answers how many it deleted; none when the folder does not exist (mail goes
 * through SMTP).
 */
export async function purgeOldMailFiles(dataDir: string, days: number, now = Date.now()): Promise<number> {
  const { dir, names } = await mailFilesOf(dataDir);
  let purged = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const written = await stat(file).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (now - written > days * 86_400_000) {
      await rm(file, { force: true });
      purged++;
    }
  }
  return purged;
}

/**
 * Deletes the demo file outbox's `.eml` files about `email` (decision 014): those of the
 * outbox rows `ids` (deleted with the account), and any other that names the address (a
 * row the retention purge already removed). Call it after the transaction that deleted
 * the rows has committed. Answers how many files it deleted; none when the folder does
 * not exist (mail goes through SMTP).
 */
export async function eraseMailFiles(dataDir: string, email: string, ids: number[]): Promise<number> {
  const { dir, names } = await mailFilesOf(dataDir);
  const address = email.toLowerCase();
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // The address, not a longer one containing it (`xomar@…`, `…example.com.au`); a sentence's full stop may follow.
  const mentions = new RegExp(`(?<![a-z0-9._%+-])${escaped}(?![a-z0-9-]|\\.[a-z0-9])`);
  const prefixes = ids.map(mailFilePrefix);
  let erased = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const byId = prefixes.some((prefix) => name.startsWith(prefix));
    const content = byId ? "" : (await readFile(file, "utf8")).toLowerCase();
    if (byId || mentions.test(content) || mentions.test(decodeQuotedPrintable(content))) {
      await rm(file, { force: true });
      erased++;
    }
  }
  return erased;
}
