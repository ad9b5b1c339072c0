import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The database schema (Postgres dialect, architecture §3.3). Instants are `timestamptz`
 * (UTC); money is integer fils (architecture §3.4). Names follow the spec's field names in
 * snake_case.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

/** Transport events (product §3 Event). `discipline_id` uses the provider's ids (1,2,3,5,6). */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    eventName: text("event_name").notNull(),
    eventStatus: text("event_status"),
    placeCode: text("place_code"),
    placeName: text("place_name"),
    disciplineId: integer("discipline_id").notNull(),
    eventCategory: text("event_category"),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    showOnWebsite: boolean("show_on_website").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("events_start_date_idx").on(t.startDate), index("events_discipline_idx").on(t.disciplineId)],
);

/** Selective services = flights (product §3). `type` is 'Import' or 'Export' for flights. */
export const selectiveServices = pgTable(
  "selective_services",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    departureAirportCode: text("departure_airport_code"),
    departureAirportName: text("departure_airport_name"),
    arrivalAirportCode: text("arrival_airport_code"),
    arrivalAirportName: text("arrival_airport_name"),
    fromCountry: text("from_country"),
    toCountry: text("to_country"),
    selectiveCode: text("selective_code"),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    showOnWebsite: boolean("show_on_website").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("selective_services_start_date_idx").on(t.startDate), index("selective_services_type_idx").on(t.type)],
);

/** Blogs (product §3 Blog). `tag` is an array of strings; the first is shown on cards. */
export const blogs = pgTable("blogs", {
  id: serial("id").primaryKey(),
  title: text("title"),
  summary: text("summary"),
  date: ts("date").notNull(),
  isMainBlog: boolean("is_main_blog").notNull().default(false),
  mainImage: text("main_image"),
  subImage: text("sub_image"),
  tag: jsonb("tag").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  category: text("category"),
  content: text("content").notNull().default(""),
  showOnWebsite: boolean("show_on_website").notNull().default(true),
  createdAt: createdAt(),
});

/** Terms and privacy documents, one per category (product §3), per language. */
export const legalDocuments = pgTable("legal_documents", {
  id: serial("id").primaryKey(),
  category: text("category").notNull().unique(),
  title: jsonb("title").$type<Record<string, string>>().notNull(),
  content: jsonb("content").$type<Record<string, string>>().notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Release notes for /release-note (product §3 Release note). */
export const releaseNotes = pgTable("release_notes", {
  id: serial("id").primaryKey(),
  date: ts("date").notNull(),
  tag: text("tag"),
  title: text("title").notNull(),
  content: text("content").notNull(),
});

/** App release logs for /release-logs (product §3 Release log); `title` is the version. */
export const releaseLogs = pgTable("release_logs", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  date: ts("date").notNull(),
  content: text("content").notNull(),
  image: text("image"),
});

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

/** E-mail verification codes (architecture §3.7): only a hash is stored. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull().default("delete-account"),
    codeHash: text("code_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    consumedAt: ts("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_email_idx").on(t.email)],
);

/** Fixed-window rate-limit counters shared by every instance (architecture §2 scale-out). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: ts("reset_at").notNull(),
});

/** Support requests from the contact form (product §3 Contact inquiry). */
export const supportRequests = pgTable("support_requests", {
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
});

/** Mail outbox (architecture §3.6): written in the sender's transaction, delivered by a worker. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Logged with the delivery line when there is no SMTP (e.g. a verification code). */
    logNote: text("log_note"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    sentAt: ts("sent_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_pending_idx").on(t.sentAt, t.nextAttemptAt)],
);

/** Invoices payable by link (product §3 Invoice). Amounts in fils. */
export const invoices = pgTable("invoices", {
  id: serial("id").primaryKey(),
  refNumber: text("ref_number").notNull().unique(),
  /** The unguessable link token (≥128 bits, base64url) of /invoice/{hash}. */
  linkToken: text("link_token").notNull().unique(),
  accountId: integer("account_id").references(() => accounts.id),
  /** Lines: description, quantity, unit price in fils (VAT-exclusive), VAT rate in percent. */
  lines: jsonb("lines")
    .$type<{ description: string; quantity: number; unitPriceFils: number; vatRatePercent: number }[]>()
    .notNull(),
  /** Invoice total in fils, VAT included. */
  totalFils: integer("total_fils").notNull(),
  dueDate: ts("due_date").notNull(),
  dueDisplay: text("due_display"),
  status: text("status").notNull().default("unpaid"),
  paidAt: ts("paid_at"),
  createdAt: createdAt(),
});

/** Payments of invoices through a provider (architecture §3.8). Amounts in fils. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    paymentMethod: text("payment_method").notNull(),
    amountFils: integer("amount_fils").notNull(),
    feeFils: integer("fee_fils").notNull(),
    status: text("status").notNull(),
    failureMessage: text("failure_message"),
    /** Card network and last 4 digits of the paying card (never the number itself). */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId),
    // At most one open payment per invoice (reused on retry) and one successful one (never charged twice).
    uniqueIndex("payments_one_open_per_invoice")
      .on(t.invoiceId)
      .where(sql`status in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing')`),
    uniqueIndex("payments_one_succeeded_per_invoice").on(t.invoiceId).where(sql`status = 'succeeded'`),
  ],
);

/**
 * The offline sandbox payment provider's own records (architecture §3.8): what Stripe keeps on
 * its servers for a PaymentIntent, kept here so every instance sees the same state.
 * Only the card's brand and last 4 digits are stored.
 */
export const sandboxPaymentIntents = pgTable("sandbox_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountFils: integer("amount_fils").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  description: text("description"),
  paymentMethodId: text("payment_method_id"),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  wallet: text("wallet"),
  billingCountry: text("billing_country"),
  lastErrorCode: text("last_error_code"),
  lastErrorMessage: text("last_error_message"),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Processed webhook events, for idempotency by event id (conventions §11). */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});
