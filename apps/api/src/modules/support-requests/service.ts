import { randomInt } from "node:crypto";
import type { Env } from "@khayl/config/env";
import type { Db } from "@khayl/db/client";
import type { supportRequestBodySchema } from "@khayl/contract/support-requests";
import type { z } from "zod";
import { enqueueMails } from "../mail/repository.ts";
import { supportConfirmationMail, supportNotificationMail } from "../mail/templates.ts";
import { insertSupportRequest, setReference } from "./repository.ts";

type Body = z.output<typeof supportRequestBodySchema>;

/**
 * The reference of a support request: `SR-<year>-<id, 6 digits or more>`, e.g.
 * `SR-2026-000123`. The year is the Asia/Dubai calendar year of `createdAt`; the
 * number is the row id, so references are unique without a retry loop.
 */
export function formatReference(id: number, createdAt: Date): string {
  const year = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dubai", year: "numeric" }).format(createdAt);
  return `SR-${year}-${String(id).padStart(6, "0")}`;
}

/**
 * `POST /supportRequests/` (SPEC §7): stores the request, gives it a reference and, in
 * the same transaction, queues the support team's notification and the sender's
 * confirmation (DESIGN §3.6). A filled honeypot (`website`) is answered like a
 * success with a reference that matches nothing, and nothing is stored or sent.
 */
export async function createSupportRequest(db: Db, env: Env, body: Body): Promise<{ reference: string }> {
  if (body.website) return { reference: formatReference(900_000 + randomInt(99_999), new Date()) };
  const { website: _honeypot, ...values } = body;
  return db.transaction(async (tx) => {
    const row = await insertSupportRequest(tx, values);
    const reference = formatReference(row.id, row.createdAt);
    await setReference(tx, row.id, reference);
    const request = { ...values, reference };
    await enqueueMails(tx, [supportNotificationMail(env.SUPPORT_EMAIL, request), supportConfirmationMail(request, env.COMPANY_NAME)]);
    return { reference };
  });
}
