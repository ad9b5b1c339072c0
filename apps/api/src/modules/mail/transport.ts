import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "@khayl/config/env";
import nodemailer from "nodemailer";
import type { OutboxRow } from "./repository.ts";

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

/**
 * The mail transport of architecture §3.6: SMTP through nodemailer when `SMTP_URL` is set;
 * otherwise each mail is written as `DATA_DIR/outbox/<id>-<kind>.eml` and one log line
 * names the recipient and subject (and the row's `logNote`, e.g. a verification code),
 * so a newcomer can finish the deletion flow locally.
 */
export function createMailTransport(env: Env, log: MailLog): MailTransport {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport(env.SMTP_URL);
    return {
      kind: "smtp",
      async send(mail) {
        await smtp.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.resolve(env.DATA_DIR, "outbox");
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(mail) {
      const info = await stream.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${String(mail.id).padStart(6, "0")}-${mail.kind}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, ...(mail.logNote ? { note: mail.logNote } : {}), file },
        `mail to ${mail.to}: ${mail.subject}${mail.logNote ? ` (${mail.logNote})` : ""}`,
      );
    },
    close: () => stream.close(),
  };
}
