import type { Db, Tx } from "@khayl/db/client";
import { supportRequests } from "@khayl/db/schema";
import { and, desc, eq, gt, isNotNull, sql } from "drizzle-orm";

export type NewSupportRequest = Omit<typeof supportRequests.$inferInsert, "id" | "reference" | "createdAt">;

/** Inserts a support request and answers its id and creation time. */
export async function insertSupportRequest(tx: Tx, values: NewSupportRequest) {
  const [row] = await tx
    .insert(supportRequests)
    .values(values)
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** How long a request stored is the answer to the same request sent again (`findResent`). */
export const RESENT_WINDOW_MS = 24 * 3_600_000;

/**
 * The rate-limit key that records, for `RESENT_WINDOW_MS`, that the client whose keyed hash
 * is `clientHash` sent the stored request `id`: no column keeps the client with the request,
 * and the record is gone when the window ends (or the request is anonymised).
 */
export function sentByKey(id: number, clientHash: string): string {
  return `${SENT_BY_PREFIX}${id}:${clientHash}`;
}
const SENT_BY_PREFIX = "support-sent:";

/**
 * The reference of a request stored in the last `RESENT_WINDOW_MS` with exactly these values
 * (the address compared lower-case) by the client whose keyed hash is `clientHash`
 * (`sentByKey`), the newest, or undefined: the same form sent again by the same client (a
 * reload of the page that posted it, a retry after an answer that was lost, a second press).
 * Only the same client's: answering anyone's copy would tell whoever knows a person's
 * details and guesses their words that they wrote them, and give them the reference.
 */
export async function findResent(
  db: Db | Tx,
  values: NewSupportRequest,
  clientHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ reference: supportRequests.reference })
    .from(supportRequests)
    .where(
      and(
        sql`lower(${supportRequests.email}) = ${values.email.toLowerCase()}`,
        gt(supportRequests.createdAt, sql`now() - make_interval(secs => ${RESENT_WINDOW_MS / 1000})`),
        isNotNull(supportRequests.reference),
        eq(supportRequests.fullName, values.fullName),
        eq(supportRequests.phone, values.phone),
        eq(supportRequests.subject, values.subject),
        eq(supportRequests.division, values.division),
        sql`${supportRequests.applicableReference} is not distinct from ${values.applicableReference ?? null}`,
        eq(supportRequests.supportInquiry, values.supportInquiry),
        eq(supportRequests.sourceIsApp, values.sourceIsApp ?? false),
        eq(supportRequests.sourceIsWebsite, values.sourceIsWebsite ?? true),
        sql`exists (select 1 from rate_limits
          where key = ${SENT_BY_PREFIX}::text || ${supportRequests.id}::text || ':' || ${clientHash}::text
            and reset_at > now())`,
      ),
    )
    .orderBy(desc(supportRequests.id))
    .limit(1);
  return row?.reference ?? undefined;
}

/**
 * Holds, until the caller's transaction ends, the lock of the requests sent with `email`
 * (lower-case): two copies of one request sent at once are stored once (`findResent`).
 */
export async function lockSender(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support-request:${email.toLowerCase()}`}))`);
}

/** Sets the human-friendly reference of a stored request. */
export async function setReference(tx: Tx, id: number, reference: string): Promise<void> {
  await tx.update(supportRequests).set({ reference }).where(eq(supportRequests.id, id));
}

/**
 * Takes the next id of the requests' sequence without storing a row: the honeypot's
 * answer then carries a reference indistinguishable from a real one.
 */
export async function reserveSupportRequestId(db: Db): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('support_requests', 'id'))::int as id`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[];
  const id = rows[0]?.id;
  if (id === undefined) throw new Error("the sequence answered no id");
  return Number(id);
}

/**
 * Anonymises, in the caller's transaction, every request sent with `email` (compared
 * lower-case) when that address's account is deleted (decision 014): name, e-mail, phone,
 * inquiry and applicable reference are emptied and `erased_at` is set; the reference,
 * subject, division, source and date stay, so the support team's records still add up.
 * Answers how many requests it anonymised.
 */
export async function anonymiseSupportRequestsOf(tx: Db | Tx, email: string): Promise<number> {
  const rows = await tx
    .update(supportRequests)
    .set(ANONYMISED)
    .where(sql`lower(${supportRequests.email}) = ${email.toLowerCase()}`)
    .returning({ id: supportRequests.id });
  // Nor is a request linked to its sender's network any longer (`sentByKey`): one statement.
  if (rows.length > 0)
    await tx.execute(sql`delete from rate_limits where key like ${`${SENT_BY_PREFIX}%`}
      and split_part(key, ':', 2) in (${sql.join(
        rows.map(({ id }) => sql`${String(id)}`),
        sql`, `,
      )})`);
  return rows.length;
}

/** What an anonymised request keeps of its sender: nothing (`anonymiseSupportRequestsOf`). */
const ANONYMISED = {
  fullName: "",
  email: "",
  phone: "",
  supportInquiry: "",
  applicableReference: null,
  erasedAt: sql`now()`,
};

/**
 * Anonymises, as `anonymiseSupportRequestsOf` does, up to `limit` requests sent more than
 * `days` days ago and not yet anonymised (the retention purge, architecture §3.7: the
 * privacy policy keeps support requests two years), through the index
 * `support_requests_unerased_created_at_idx`. Answers how many it anonymised.
 */
export async function anonymiseSupportRequestsOlderThan(db: Db, days: number, limit: number): Promise<number> {
  const rows = await db
    .update(supportRequests)
    .set(ANONYMISED)
    .where(
      sql`${supportRequests.id} in (select id from support_requests where erased_at is null
        and created_at < now() - make_interval(days => ${days}) limit ${limit})`,
    )
    .returning({ id: supportRequests.id });
  return rows.length;
}
