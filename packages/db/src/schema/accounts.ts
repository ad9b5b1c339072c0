import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.ts";

/**
 * App accounts and their deletion (architecture §3.7, decision 014): the account rows, the
 * record of a deletion, the verification codes and the wrong-code locks.
 */

/** App users (accounts). Personal data is nulled on deletion; the row stays for invoices. */
export const accounts = pgTable(
  "accounts",
  {
    id: serial("id").primaryKey(),
    displayName: text("display_name"),
    email: text("email"),
    phoneNumber: text("phone_number"),
    createdAt: createdAt(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    // Lookups compare lower(email): one account per address whatever its case.
    uniqueIndex("accounts_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

/** A record that an account was deleted (what, when; no personal data). */
export const accountDeletions = pgTable("account_deletions", {
  id: serial("id").primaryKey(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id),
  deletedAt: ts("deleted_at").notNull().defaultNow(),
});

/**
 * E-mail verification codes (architecture §3.7). Nothing here names the person: the code,
 * the address and the asking client are stored only as HMACs keyed by the server secret
 * (`SECRET_KEY`). At most two codes of an address are live at a time, one per client.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    /** HMAC of the lower-cased e-mail address. */
    emailHash: text("email_hash").notNull(),
    /** HMAC of the address of the client that asked (its own new ask replaces this code). */
    clientHash: text("client_hash").notNull(),
    purpose: text("purpose").notNull().default("delete-account"),
    /** HMAC of the address hash and the code. */
    codeHash: text("code_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    consumedAt: ts("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_email_hash_idx").on(t.emailHash),
    // The retention purge deletes expired codes.
    index("verification_codes_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Wrong deletion codes per e-mail address (architecture §3.7): after 10 wrong comparisons
 * the address's deletion is locked, 24 h for the first lock and twice as long for each
 * further one. Keyed by the address's HMAC; forgotten a year after the last wrong code.
 */
export const deletionLocks = pgTable(
  "deletion_locks",
  {
    emailHash: text("email_hash").primaryKey(),
    /** Wrong code comparisons since the last lock. */
    wrongCodes: integer("wrong_codes").notNull().default(0),
    /** Locks so far (the next one lasts 24 h × 2^locks). */
    locks: integer("locks").notNull().default(0),
    lockedUntil: ts("locked_until"),
    lastWrongAt: ts("last_wrong_at").notNull().defaultNow(),
  },
  (t) => [index("deletion_locks_last_wrong_at_idx").on(t.lastWrongAt)],
);
