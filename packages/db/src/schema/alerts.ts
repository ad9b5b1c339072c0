import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
} from "drizzle-orm/pg-core";
import { createdAt, isIn, ts } from "./columns.ts";

/** E-mail alerts of schedule changes (decision 028): the subscriptions and what the watcher has seen. */

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
 * The order of the alerts watcher's reads (decision 028): each run takes the next number
 * before it reads the schedules, and records it in the baseline row's `read_seq`; a run
 * whose number is below the one recorded began its read before another run recorded a
 * newer schedule. A sequence never goes back when the database's clock is stepped back
 * (NTP, a restored VM, a failover to a replica whose clock differs), as `seen_at` can.
 */
export const alertReadSeq = pgSequence("alert_read_seq");

/**
 * What the alerts watcher has seen of the schedules (decision 028): one row per flight
 * (`kind` flight) or show (`kind` show) with the dates and the name it last saw (`label`: a
 * show's name, a flight's route; `label_ar` from the Arabic schedule, read only while an
 * Arabic subscriber is confirmed), so a mail can still name what left the schedule; `gone`
 * once it left the schedule (cancelled). Written in the run's transaction under an
 * advisory lock, so several instances report each change once.
 */
export const alertSeen = pgTable(
  "alert_seen",
  {
    kind: text("kind").notNull(),
    itemId: integer("item_id").notNull(),
    startDate: text("start_date"),
    endDate: text("end_date"),
    label: text("label"),
    labelAr: text("label_ar"),
    gone: boolean("gone").notNull().default(false),
    seenAt: ts("seen_at").notNull().defaultNow(),
    /** The baseline row only: the `alert_read_seq` number of the last read recorded (null before migration 0015). */
    readSeq: bigint("read_seq", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);
