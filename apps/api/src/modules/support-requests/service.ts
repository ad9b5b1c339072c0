import { companyNameIn } from "@khayl/config/env";
import type { supportRequestBodySchema } from "@khayl/contract/support-requests";
import type { z } from "zod";
import type { ModuleDeps } from "../../deps.ts";
import type { Language } from "../../http/language.ts";
import { consumeRateLimit } from "../../http/rate-limit.ts";
import { enqueueMails } from "../mail/repository.ts";
import { supportConfirmationMail, supportNotificationMail } from "../mail/templates.ts";
import { insertSupportRequest, reserveSupportRequestId, setReference } from "./repository.ts";

type Body = z.output<typeof supportRequestBodySchema>;

/**
 * The reference of a support request: `SR-<year>-<id, 6 digits or more>`, e.g.
 * `SR-2026-000123`. The year is the Asia/Dubai calendar year of `createdAt`; the
 * number is the row id, so references are unique without a retry loop.
 */
function formatReference(id: number, createdAt: Date): string {
  const year = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dubai", year: "numeric" }).format(createdAt);
  return `SR-${year}-${String(id).padStart(6, "0")}`;
}

/**
 * Confirmation mails per recipient address: 3 a day. Further requests from (or naming)
 * the same address are stored and reach the support team, without a confirmation, so
 * the form cannot flood an inbox.
 */
const CONFIRMATIONS_PER_RECIPIENT_DAY = { max: 3, windowMs: 24 * 3_600_000 };

/**
 * `POST /supportRequests/` (product §7): stores the request, gives it a reference and, in
 * the same transaction, queues the support team's notification and (within
 * `CONFIRMATIONS_PER_RECIPIENT_DAY`) the sender's confirmation (architecture §3.6). A filled
 * honeypot (`website`) is answered like a success, with a reference taken from the same
 * sequence as real ones, and nothing is stored or sent.
 */
export async function createSupportRequest(
  { db, env, hasher }: Pick<ModuleDeps, "db" | "env" | "hasher">,
  body: Body,
  language: Language = "en",
): Promise<{ reference: string }> {
  if (body.website) return { reference: formatReference(await reserveSupportRequestId(db), new Date()) };
  const { website: _honeypot, ...values } = body;
  const confirm = await consumeRateLimit(
    db,
    `support-confirmation:${hasher.hash("email", values.email.toLowerCase())}`,
    CONFIRMATIONS_PER_RECIPIENT_DAY,
  );
  return db.transaction(async (tx) => {
    const row = await insertSupportRequest(tx, values);
    const reference = formatReference(row.id, row.createdAt);
    await setReference(tx, row.id, reference);
    const request = { ...values, reference };
    await enqueueMails(tx, [
      supportNotificationMail(env.SUPPORT_EMAIL, request),
      ...(confirm.allowed ? [supportConfirmationMail(request, companyNameIn(env, language), language)] : []),
    ]);
    return { reference };
  });
}
