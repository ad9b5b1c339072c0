import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.ts";

/**
 * What visitors' requests leave behind: the shared rate-limit windows, the support requests
 * of the contact form and the mail outbox (architecture §2, §3.6).
 */

/**
 * Fixed-window rate-limit counters shared by every instance (architecture §2 scale-out).
 * Keys name no person: client and e-mail addresses in them are HMACs.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: ts("reset_at").notNull(),
  },
  // The retention purge deletes the windows that have ended.
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/**
 * Support requests from the contact form (product §3 Contact inquiry). When the sender's
 * account is deleted, the requests sent with its address are anonymised (decision 014):
 * name, e-mail, phone, inquiry and applicable reference emptied, `erased_at` set; so is
 * every request two years after it was sent (the retention purge, architecture §3.7).
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").unique(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    subject: text("subject").notNull(),
    division: text("division").notNull(),
    applicableReference: text("applicable_reference"),
    supportInquiry: text("support_inquiry").notNull(),
    sourceIsApp: boolean("source_is_app").notNull().default(false),
    sourceIsWebsite: boolean("source_is_website").notNull().default(true),
    createdAt: createdAt(),
    erasedAt: ts("erased_at"),
  },
  (t) => [
    // Deleting an account finds the requests sent with its address.
    index("support_requests_email_lower_idx").on(sql`lower(${t.email})`),
    // The retention purge finds the requests past their two years not yet anonymised.
    index("support_requests_unerased_created_at_idx").on(t.createdAt).where(sql`${t.erasedAt} is null`),
  ],
);

/**
 * Mail outbox (architecture §3.6): written in the sender's transaction, delivered by a
 * worker. Delivered rows are purged after 7 days; a mail with `expires_at` (a code) is
 * never sent after it and is dropped.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /**
     * The body; for a mail carrying a code or an alert link, its body, HTML, headers and log
     * note sealed under the server secret in one text (architecture §3.6), wiped once sent.
     */
    text: text("text").notNull(),
    html: text("html"),
    /** Logged with the delivery line when there is no SMTP (e.g. a verification code). */
    logNote: text("log_note"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    /**
     * The claim holding `locked_until` (a random id per worker round): only that claim may
     * renew, settle or release the lease, so a worker whose lease ran out while it sent
     * other mails never sends or settles a mail another instance has claimed since.
     */
    claimToken: uuid("claim_token"),
    sentAt: ts("sent_at"),
    lastError: text("last_error"),
    /** When the mail stops being worth sending (a verification code's expiry); null = never. */
    expiresAt: ts("expires_at"),
    /**
     * The mail's lane (architecture §3.6): 0 time-limited (codes), 1 notices, 2 bulk (the
     * support team's notifications and digests, contact and alert confirmations). The worker claims
     * the lowest lane first, oldest first within a lane.
     */
    priority: smallint("priority").notNull().default(1),
    /** Extra mail headers, e.g. an alert's `List-Unsubscribe` (RFC 8058; decision 028). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // Due mail, and the retention purge's unsent (expired, given-up) and delivered mail.
    index("outbox_pending_idx").on(t.sentAt, t.nextAttemptAt),
    // The worker's claim order among unsent mail: lane, then age.
    index("outbox_lane_idx").on(t.priority, t.id).where(sql`${t.sentAt} is null`),
    // Deleting an account finds the mails to its address.
    index("outbox_to_lower_idx").on(sql`lower(${t.to})`),
  ],
);
