import {
  cardWalletValues,
  invoiceStatusValues,
  openPaymentStatusValues,
  paymentMethodTypeValues,
  paymentProviderValues,
  paymentStatusValues,
} from "@khayl/contract/payment-values";
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The database schema (Postgres dialect, architecture §3.3). Instants are `timestamptz`
 * (UTC); money is integer fils (architecture §3.4). Names follow the spec's field names in
 * snake_case.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

/**
 * `<column> in ('a', 'b', …)` from one of the contract's value lists (`payment-values.ts`), for
 * CHECK constraints and partial indexes: the database refuses what the API's enums refuse.
 * The values are our own constants (lower-case words), quoted as SQL literals.
 */
function isIn(column: string, values: readonly string[]): SQL {
  return sql.raw(`${column} in (${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")})`);
}

/**
 * Other-language versions of a row's texts (decision 016): `{ ar: { field: text } }`, the
 * English ones being the row's own columns. An item with no Arabic version, or only part
 * of it, is served in English (the API marks it so).
 */
const translations = <T>() => jsonb("translations").$type<{ ar?: Partial<T> }>().notNull().default(sql`'{}'::jsonb`);

/** The texts of an event that have an Arabic version. */
export interface EventTexts {
  eventName: string;
  eventStatus: string | null;
  eventCategory: string | null;
  placeName: string | null;
}

/** The texts of a flight that have an Arabic version. */
export interface SelectiveServiceTexts {
  fromCountry: string | null;
  toCountry: string | null;
  departureAirportName: string | null;
  arrivalAirportName: string | null;
}

/** The texts of a blog that have an Arabic version. */
export interface BlogTexts {
  title: string | null;
  summary: string | null;
  tag: string[];
  category: string | null;
  content: string;
}

/** The texts of a release note that have an Arabic version. */
export interface ReleaseNoteTexts {
  tag: string | null;
  title: string;
  content: string;
}

/** The texts of a release log that have an Arabic version (its title is the version number). */
export interface ReleaseLogTexts {
  content: string;
}

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
    translations: translations<EventTexts>(),
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
    translations: translations<SelectiveServiceTexts>(),
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
  translations: translations<BlogTexts>(),
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
  translations: translations<ReleaseNoteTexts>(),
});

/** App release logs for /release-logs (product §3 Release log); `title` is the version. */
export const releaseLogs = pgTable("release_logs", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  date: ts("date").notNull(),
  content: text("content").notNull(),
  image: text("image"),
  translations: translations<ReleaseLogTexts>(),
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
 * name, e-mail, phone, inquiry and applicable reference emptied, `erased_at` set.
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
  // Deleting an account finds the requests sent with its address.
  (t) => [index("support_requests_email_lower_idx").on(sql`lower(${t.email})`)],
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
     * support team's notifications and digests, contact confirmations). The worker claims
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

/** Invoices payable by link (product §3 Invoice). Amounts in fils. */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    refNumber: text("ref_number").notNull().unique(),
    /** The unguessable link token (≥128 bits, base64url) of /invoice/{hash}. */
    linkToken: text("link_token").notNull().unique(),
    accountId: integer("account_id").references(() => accounts.id),
    /** Lines: description, quantity, unit price in fils (VAT-exclusive), VAT rate in percent. */
    lines: jsonb("lines")
      .$type<
        {
          description: string;
          descriptionAr?: string;
          quantity: number;
          unitPriceFils: number;
          vatRatePercent: number;
        }[]
      >()
      .notNull(),
    /** Invoice total in fils, VAT included. */
    totalFils: integer("total_fils").notNull(),
    dueDate: ts("due_date").notNull(),
    dueDisplay: text("due_display"),
    status: text("status", { enum: invoiceStatusValues }).notNull().default("unpaid"),
    paidAt: ts("paid_at"),
    createdAt: createdAt(),
  },
  () => [check("invoices_status_check", isIn("status", invoiceStatusValues))],
);

/** Payments of invoices through a provider (architecture §3.8). Amounts in fils. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    provider: text("provider", { enum: paymentProviderValues }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    paymentMethod: text("payment_method", { enum: paymentMethodTypeValues }).notNull(),
    amountFils: integer("amount_fils").notNull(),
    feeFils: integer("fee_fils").notNull(),
    status: text("status", { enum: paymentStatusValues }).notNull(),
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
    uniqueIndex("payments_one_open_per_invoice").on(t.invoiceId).where(isIn("status", openPaymentStatusValues)),
    uniqueIndex("payments_one_succeeded_per_invoice").on(t.invoiceId).where(sql`status = 'succeeded'`),
    check("payments_status_check", isIn("status", paymentStatusValues)),
    check("payments_provider_check", isIn("provider", paymentProviderValues)),
    check("payments_payment_method_check", isIn("payment_method", paymentMethodTypeValues)),
  ],
);

/**
 * The offline sandbox payment provider's own records (architecture §3.8): what Stripe keeps on
 * its servers for a PaymentIntent, kept here so every instance sees the same state.
 * Only the card's brand and last 4 digits are stored.
 */
export const sandboxPaymentIntents = pgTable(
  "sandbox_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountFils: integer("amount_fils").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: paymentStatusValues }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    description: text("description"),
    paymentMethodId: text("payment_method_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    wallet: text("wallet", { enum: cardWalletValues }),
    billingCountry: text("billing_country"),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  () => [
    check("sandbox_payment_intents_status_check", isIn("status", paymentStatusValues)),
    check("sandbox_payment_intents_wallet_check", isIn("wallet", cardWalletValues)),
  ],
);

/** Processed webhook events, for idempotency by event id (conventions §11). */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});

/**
 * E-mail alert subscriptions (decision 028). The subscriber's links (confirm, manage,
 * one-click unsubscribe) carry `<id>.<HMAC of id and nonce>`, so a copy of the database
 * cannot make them and a new nonce voids old links. Unconfirmed rows
 * (`confirmed_at` null) are purged 7 days after `created_at`; unsubscribing deletes the row.
 * `watch` is `flights` (with `filter` all/import/export), `shows` (`filter` all or
 * discipline ids `1,3`), `flight` or `show` (`filter` the watched id). The consent is
 * recorded as `consent_version` + `language` + `confirmed_at` + `ip_hash` (keyed hash).
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    watch: text("watch").notNull(),
    filter: text("filter").notNull(),
    language: text("language").notNull(),
    nonce: text("nonce").notNull(),
    consentVersion: text("consent_version").notNull(),
    ipHash: text("ip_hash"),
    createdAt: createdAt(),
    confirmedAt: ts("confirmed_at"),
  },
  (t) => [
    index("alert_subscriptions_email_lower_idx").on(sql`lower(${t.email})`),
    check("alert_subscriptions_watch_check", isIn("watch", ["flights", "shows", "flight", "show"])),
  ],
);

/**
 * What the alerts watcher has seen of the schedules (decision 028): one row per flight
 * (`kind` flight) or show (`kind` show) with the dates it last saw; `gone` once it left
 * the schedule (cancelled). Written in the run's transaction under an advisory lock, so
 * several instances report each change once.
 */
export const alertSeen = pgTable(
  "alert_seen",
  {
    kind: text("kind").notNull(),
    itemId: integer("item_id").notNull(),
    startDate: text("start_date"),
    endDate: text("end_date"),
    gone: boolean("gone").notNull().default(false),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);
