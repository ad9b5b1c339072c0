import { randomBytes, timingSafeEqual } from "node:crypto";
import { companyNameIn, type Env, publicOrigin } from "@khayl/config/env";
import { ALERT_CONSENT_VERSION, type AlertWatch, type alertSubscribeBodySchema } from "@khayl/contract/alerts";
import { disciplineNames } from "@khayl/contract/discipline-names";
import type { DisciplineId } from "@khayl/contract/disciplines";
import type { Message, MessageValue } from "@khayl/contract/messages";
import { oneLine } from "@khayl/contract/text";
import type { Db, Tx } from "@khayl/db/client";
import { alertSubscriptions } from "@khayl/db/schema";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ModuleDeps } from "../../deps.ts";
import { clientShareOf } from "../../http/client-share.ts";
import { HttpError } from "../../http/errors.ts";
import type { Language } from "../../http/language.ts";
import { consumeRateLimit, peekRateLimit } from "../../http/rate-limit.ts";
import { translate } from "../../i18n.ts";
import { type Hasher, type Sealer, UnsealError } from "../../secret-key.ts";
import { mailboxOf } from "../mail/mailbox.ts";
import { languageHeaders } from "../mail/outgoing-mail.ts";
import { enqueueMails, suppressedMail } from "../mail/repository.ts";
import { ALERT_CONFIRMATION_KIND, ALERT_KIND } from "../mail/templates.ts";
import { alertMessages } from "./messages.ts";

type SubscribeBody = z.output<typeof alertSubscribeBodySchema>;
export type AlertSubscription = typeof alertSubscriptions.$inferSelect;

/** Unconfirmed requests expire (and are purged) this long after they were made: 7 days. */
const UNCONFIRMED_TTL_MS = 7 * 24 * 3_600_000;
/** Confirmation mails per mailbox (`mailboxOf`): 3 a day, whatever the number of clients asking. */
const CONFIRMATIONS_PER_ADDRESS_DAY = { max: 3, windowMs: 24 * 3_600_000 };
/** The site-wide count of confirmation mails in the hour (`ALERT_CONFIRMATIONS_PER_HOUR`, decision 021). */
const SITE_CONFIRMATIONS_KEY = "site:alert-confirmations";
/** Subscriptions one address may hold (confirmed or not); further requests are answered alike and dropped. */
const SUBSCRIPTIONS_PER_ADDRESS = 10;
/** How long after a confirmation mail the same request is taken as a repeat of it (`justAsked`): a minute. */
const REPEAT_WITHIN_MS = 60_000;

/**
 * Whether `row` is an unconfirmed request for the same watch whose confirmation mail went out
 * less than `REPEAT_WITHIN_MS` ago in the language asked now: a second tap on the form, or a
 * browser's retry. It is answered alike with no second mail, which would void the first one's
 * link (a new nonce) and spend the mailbox's budget of three a day twice.
 */
function justAsked(row: AlertSubscription, language: string, now: Date): boolean {
  return (
    row.confirmedAt === null && row.language === language && now.getTime() - row.createdAt.getTime() < REPEAT_WITHIN_MS
  );
}

/** The message `source` with `values`. */
export const withValues = (source: Message, values: Record<string, MessageValue>): Message => ({
  ...source,
  values,
});

/** The page path of `language` (Arabic pages live below `/ar`, decision 016). */
export function pagePath(language: Language, path: string): string {
  return language === "ar" ? `/ar${path}` : path;
}

/** The link token of a subscription: `<id>.<HMAC(id, nonce)>` (see the `alert_subscriptions` schema). */
export function linkToken(hasher: Hasher, row: Pick<AlertSubscription, "id" | "nonce">): string {
  return `${row.id}.${hasher.hash("alert-link", `${row.id}.${row.nonce}`)}`;
}

/** The sealing context of an address token (`addressToken`). */
const ADDRESS_TOKEN_CONTEXT = "alert-address";
/** What starts every text `Sealer.seal` answers; an address token leaves it out, to be short and URL-safe. */
const SEALED_PREFIX = "sealed:v1:";
/** What starts an address token (a link token starts with its subscription's id, a digit). */
const ADDRESS_TOKEN_PREFIX = "a.";

/**
 * The token of an alert mail's one-click URL (`List-Unsubscribe`, decision 028): `a.` and the
 * base64url of `{language}:{email}` (the address lower-cased, the mail's language) sealed
 * under the server secret (`Sealer`: AES-256-GCM, a new nonce each time). It names the
 * address, not one subscription, so it stops every alert of the address even after the
 * alert the mail was sent for was stopped on the manage page; nothing of it is stored, and a
 * copy of the database cannot make one. `language` is where a browser opening it lands when
 * the address has no alert left (`oneClickPage`).
 */
export function addressToken(sealer: Sealer, email: string, language: Language): string {
  const sealed = sealer.seal(ADDRESS_TOKEN_CONTEXT, `${language}:${email.toLowerCase()}`);
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error("the sealer's format changed: address tokens need updating");
  return ADDRESS_TOKEN_PREFIX + sealed.slice(SEALED_PREFIX.length);
}

/** The address a one-click token names and the language of the mail it came in, or undefined. */
interface TokenAddress {
  email: string;
  language: Language;
}

/**
 * The address a one-click token names (`addressToken`) and its mail's language; a link token
 * (in mails sent before address tokens) names its subscription's address while that
 * subscription lasts, and undefined once it is stopped (a wrong MAC or a voided nonce too).
 * `"unopened"` for an address token that does not open: sealed under another `SECRET_KEY`
 * (rotated since the mail), or altered.
 */
async function addressOf(
  { db, hasher, sealer }: Pick<ModuleDeps, "db" | "hasher" | "sealer">,
  token: string,
): Promise<TokenAddress | "unopened" | undefined> {
  if (!token.startsWith(ADDRESS_TOKEN_PREFIX)) {
    const row = await subscriptionOf(db, hasher, token);
    return row && { email: row.email, language: row.language as Language };
  }
  let plain: string;
  try {
    plain = sealer.open(ADDRESS_TOKEN_CONTEXT, SEALED_PREFIX + token.slice(ADDRESS_TOKEN_PREFIX.length));
  } catch (error) {
    if (error instanceof UnsealError) return "unopened";
    throw error;
  }
  const colon = plain.indexOf(":");
  return { email: plain.slice(colon + 1), language: plain.slice(0, colon) === "ar" ? "ar" : "en" };
}

/** The subscription a link token names, or undefined (unknown id, wrong MAC, or a voided nonce). */
async function subscriptionOf(db: Db | Tx, hasher: Hasher, token: string): Promise<AlertSubscription | undefined> {
  const id = Number(token.split(".")[0]);
  const [row] = await db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id));
  if (!row) return undefined;
  const expected = Buffer.from(linkToken(hasher, row));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : undefined;
}

/**
 * "new export flights", "changes to the show Sharjah Spring Show", … in `language`. A single
 * show or flight is named by `name` (its `eventName`, or its route 'LHR → DXB': see
 * `ScheduleNameReader`) when known, else by its number ("changes to show 12").
 */
export function describeWatch(
  row: Pick<AlertSubscription, "watch" | "filter">,
  language: Language,
  name?: string,
): string {
  const m = alertMessages;
  switch (row.watch as AlertWatch) {
    case "flights":
      return translate(
        row.filter === "import" ? m.whatImport : row.filter === "export" ? m.whatExport : m.whatFlights,
        language,
      );
    case "shows": {
      if (row.filter === "all") return translate(m.whatShows, language);
      // The names in the mail's language, as the website's pages show them, joined by its list separator.
      const names = row.filter.split(",").map((id) => {
        const name = disciplineNames[Number(id) as DisciplineId];
        return name ? translate(name, language) : id;
      });
      return translate(withValues(m.whatDisciplines, { disciplines: names }), language);
    }
    case "flight":
      return name
        ? translate(withValues(m.whatFlightNamed, { route: oneLine(name) }), language)
        : translate(withValues(m.whatFlight, { id: row.filter }), language);
    case "show":
      return name
        ? translate(withValues(m.whatShowNamed, { name: oneLine(name) }), language)
        : translate(withValues(m.whatShow, { id: row.filter }), language);
  }
}

/**
 * The name of the one show or flight a request watches (`ScheduleNameReader`), `undefined`
 * for a request about a whole schedule or when the schedule could not be read. Throws
 * `HttpError` 404 ('This show is not on the schedule', or the flight's) when it is not on
 * the website's schedule: nothing could ever be reported about it (decision 028). What is on
 * the public schedule is no secret, so this answer tells nothing about any address.
 */
export async function watchedNameOf(
  { scheduleName }: Pick<ModuleDeps, "scheduleName">,
  body: Pick<SubscribeBody, "watch" | "filter" | "language">,
  clientIp: string,
): Promise<string | undefined> {
  if (body.watch !== "show" && body.watch !== "flight") return undefined;
  const name = await scheduleName(body.watch, Number(body.filter), body.language, clientIp);
  if (name === null)
    throw new HttpError(
      404,
      body.watch === "show" ? alertMessages.showNotOnSchedule : alertMessages.flightNotOnSchedule,
    );
  return name;
}

/**
 * The confirmation mail (double opt-in): a link to the page with the Confirm button, never a
 * confirming GET; `name` names the one show or flight watched (`watchedNameOf`).
 */
function confirmationMail(env: Env, hasher: Hasher, row: AlertSubscription, name: string | undefined) {
  const language = row.language as Language;
  const company = companyNameIn(env, language);
  const confirmUrl = `${publicOrigin(env)}${pagePath(language, "/alerts/confirm")}/${linkToken(hasher, row)}`;
  return {
    kind: ALERT_CONFIRMATION_KIND,
    // What a flood of requests produces waits behind the mails about one person's account.
    lane: "bulk" as const,
    to: row.email,
    subject: translate(withValues(alertMessages.confirmSubject, { company }), language),
    text: translate(
      withValues(alertMessages.confirmText, { company, what: describeWatch(row, language, name), confirmUrl }),
      language,
    ),
    headers: languageHeaders(language),
  };
}

/**
 * `POST /alerts/subscriptions` (decision 028): answers the same whatever happened (no
 * enumeration, by its body or its time: every path but the honeypot's spends the mailbox's
 * budget and queues one outbox row, suppressed when no mail goes). A filled honeypot, an
 * address already holding the same confirmed watch, or one holding
 * `SUBSCRIPTIONS_PER_ADDRESS` subscriptions gets no mail. Otherwise, within
 * `CONFIRMATIONS_PER_ADDRESS_DAY` for its mailbox (`mailboxOf`: a `+tag` buys no new budget)
 * and the site's `ALERT_CONFIRMATIONS_PER_HOUR`, of which one client (an IPv4 address, an
 * IPv6 /48) spends at most a fifth (`clientShareOf`), the request is stored unconfirmed (or an
 * unconfirmed twin gets a new nonce, voiding its old link; not within a minute of its mail in
 * the same language: `justAsked`, a double tap, mails once and spends once) and the confirmation mail is
 * queued in the same transaction, in the outbox's `bulk` lane; that transaction is the
 * address's alone (an advisory lock) and looks for the twin and the count again, so requests
 * sent at once store one alert, never two. The client's address is kept only as a keyed hash
 * (consent record). `name` names the one show or flight watched in the confirmation mail
 * (`watchedNameOf`, which the route asks first).
 */
export async function subscribe(
  { db, env, hasher, sealer }: Pick<ModuleDeps, "db" | "env" | "hasher" | "sealer">,
  body: SubscribeBody,
  clientIp: string,
  name?: string,
): Promise<{ status: "check-your-mail" }> {
  const answer = { status: "check-your-mail" } as const;
  if (body.website) return answer;
  const email = body.email.trim();
  const mine = await subscriptionsOf(db, email);
  const twin = mine.find((r) => r.watch === body.watch && r.filter === body.filter);
  // Every path from here spends the mailbox's budget, reads or spends the site's and writes
  // one outbox row (a suppressed one when nothing is sent), so the answer's time does not
  // tell whether the address already holds this alert (no enumeration by timing).
  const repeat = twin !== undefined && justAsked(twin, body.language, new Date());
  const mailboxKey = `alert-confirmation:${hasher.hash("email", mailboxOf(email))}`;
  // A repeat reads the mailbox's budget rather than spending it: the same round trip.
  const mail = repeat
    ? { allowed: false, ...(await peekRateLimit(db, mailboxKey)) }
    : await consumeRateLimit(db, mailboxKey, CONFIRMATIONS_PER_ADDRESS_DAY);
  const wanted = !twin?.confirmedAt && (twin !== undefined || mine.length < SUBSCRIPTIONS_PER_ADDRESS) && mail.allowed;
  let sends = false;
  const siteBudget = { max: env.ALERT_CONFIRMATIONS_PER_HOUR, windowMs: 3_600_000 };
  // One client spends at most a fifth of the site's confirmations (`clientShareOf`), so one
  // address cannot leave everyone else's requests without a mail for the hour.
  const share = clientShareOf(hasher, "alert-confirmations", clientIp, siteBudget);
  if (wanted)
    sends =
      (await consumeRateLimit(db, share.key, share)).allowed &&
      (await consumeRateLimit(db, SITE_CONFIRMATIONS_KEY, siteBudget)).allowed;
  else {
    // The same round trips, nothing spent.
    await peekRateLimit(db, share.key);
    await peekRateLimit(db, SITE_CONFIRMATIONS_KEY);
  }
  const nonce = randomBytes(16).toString("base64url");
  await db.transaction(async (tx) => {
    const nothing = { kind: ALERT_CONFIRMATION_KIND, lane: "bulk" as const, to: email, subject: "", text: "" };
    if (!sends) {
      await enqueueMails(tx, sealer, [suppressedMail(nothing)]);
      return;
    }
    // Requests for one address at the same moment all read no twin above: the address's
    // requests write one at a time, and each looks again, so the same alert is one row.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`alerts:${hasher.hash("email", email.toLowerCase())}`}, 0))`,
    );
    const held = await subscriptionsOf(tx, email);
    const twinNow = held.find((r) => r.watch === body.watch && r.filter === body.filter);
    // A request sent at the same moment (a double tap) wrote its twin while this one waited.
    if (
      twinNow?.confirmedAt ||
      (twinNow && justAsked(twinNow, body.language, new Date())) ||
      (!twinNow && held.length >= SUBSCRIPTIONS_PER_ADDRESS)
    ) {
      await enqueueMails(tx, sealer, [suppressedMail(nothing)]);
      return;
    }
    const values = {
      email,
      watch: body.watch,
      filter: body.filter,
      language: body.language,
      nonce,
      consentVersion: ALERT_CONSENT_VERSION,
      ipHash: hasher.hash("client", clientIp),
      createdAt: new Date(),
    };
    const [row] = twinNow
      ? await tx.update(alertSubscriptions).set(values).where(eq(alertSubscriptions.id, twinNow.id)).returning()
      : await tx.insert(alertSubscriptions).values(values).returning();
    if (row) await enqueueMails(tx, sealer, [confirmationMail(env, hasher, row, name)]);
  });
  return answer;
}

/** What a subscriber sees of one alert: what it watches, its mail language, whether confirmed. */
function alertView(row: AlertSubscription) {
  return {
    watch: row.watch as AlertWatch,
    filter: row.filter,
    language: row.language as Language,
    confirmed: row.confirmedAt !== null,
  };
}

/** What a subscriber sees of their subscription. */
function view(row: AlertSubscription) {
  return { email: row.email, ...alertView(row) };
}

/** Whether an unconfirmed request has expired (7 days). */
function expired(row: AlertSubscription, now: Date): boolean {
  return row.confirmedAt === null && now.getTime() - row.createdAt.getTime() > UNCONFIRMED_TTL_MS;
}

/** The subscriptions of `email`'s address, oldest first. */
function subscriptionsOf(db: Db | Tx, email: string): Promise<AlertSubscription[]> {
  return db
    .select()
    .from(alertSubscriptions)
    .where(sql`lower(${alertSubscriptions.email}) = lower(${email})`)
    .orderBy(alertSubscriptions.id);
}

/** The subscription of `token`, unless unknown or expired; `HttpError` 404 otherwise. */
async function liveSubscriptionOf(db: Db | Tx, hasher: Hasher, token: string): Promise<AlertSubscription> {
  const row = await subscriptionOf(db, hasher, token);
  if (!row || expired(row, new Date())) throw new HttpError(404, alertNotFound);
  return row;
}

/**
 * `POST /alerts/subscriptions/lookup`: the subscription of `token` and every live alert of
 * its address, each with its own link token (the manage page stops one with it);
 * `HttpError` 404 when unknown or expired.
 */
export async function lookup({ db, hasher }: Pick<ModuleDeps, "db" | "hasher">, token: string) {
  const row = await liveSubscriptionOf(db, hasher, token);
  const now = new Date();
  const live = (await subscriptionsOf(db, row.email)).filter((r) => !expired(r, now));
  const alerts = live.map((r) => ({ token: linkToken(hasher, r), ...alertView(r) }));
  return { ...view(row), language: mailLanguageOf(live) ?? (row.language as Language), alerts };
}

/**
 * The language every alert mail to an address is written in (decision 028: one digest, one
 * language): that of the alert of `rows` (the address's) confirmed last, which `confirm`
 * gives all of them, as the manage page's `setLanguage` does; undefined while none is
 * confirmed. An address whose confirmed alerts still differ (confirmed before every
 * confirmation set the address's language) is written to in the newest one's, whichever
 * alert a change matches.
 */
export function mailLanguageOf(rows: readonly AlertSubscription[]): Language | undefined {
  let newest: AlertSubscription | undefined;
  for (const row of rows)
    if (row.confirmedAt && (!newest?.confirmedAt || row.confirmedAt.getTime() >= newest.confirmedAt.getTime()))
      newest = row;
  return newest?.language as Language | undefined;
}

/**
 * `POST /alerts/subscriptions/language`: every alert mail to the address of `token` is
 * written in `language` from the next one on (a digest covers all of an address's alerts,
 * decision 028); `HttpError` 404 when unknown or expired.
 */
export async function setLanguage(
  { db, hasher }: Pick<ModuleDeps, "db" | "hasher">,
  token: string,
  language: Language,
): Promise<{ language: Language }> {
  const row = await liveSubscriptionOf(db, hasher, token);
  await db
    .update(alertSubscriptions)
    .set({ language })
    .where(sql`lower(${alertSubscriptions.email}) = lower(${row.email})`);
  return { language };
}

/** The 404 of a link whose subscription is unknown, expired or stopped. */
const alertNotFound: Message = /*i18n*/ {
  id: "alerts.notFound",
  message: "This alert link is no longer valid",
};

/**
 * `POST /alerts/subscriptions/confirm`: records the consent (`confirmed_at`; the text
 * version and language were stored with the request) and makes the request's language the
 * address's: every confirmed alert of the address is written to in it from the next mail on
 * (one digest is written in one language, decision 028; as the manage page's `setLanguage`);
 * a request not yet confirmed keeps the language it was asked in until it is.
 * Confirming twice keeps the first time and changes no language. `HttpError` 404 when
 * unknown or expired.
 */
export async function confirm({ db, hasher }: Pick<ModuleDeps, "db" | "hasher">, token: string) {
  const row = await liveSubscriptionOf(db, hasher, token);
  const now = new Date();
  const updated = await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(alertSubscriptions)
      .set({ confirmedAt: now })
      .where(and(eq(alertSubscriptions.id, row.id), isNull(alertSubscriptions.confirmedAt)))
      .returning();
    if (confirmed)
      await tx
        .update(alertSubscriptions)
        .set({ language: confirmed.language })
        // Confirmed alerts only: a request not yet confirmed keeps the language it was asked
        // in (its consent record, and its confirmation mail's) until it is confirmed itself.
        .where(
          sql`lower(${alertSubscriptions.email}) = lower(${confirmed.email}) and ${alertSubscriptions.confirmedAt} is not null`,
        );
    return confirmed;
  });
  return view(updated ?? row);
}

/**
 * The advisory lock key of an alerts watcher run (`runAlertWatch`), also taken when alerts
 * are stopped (`stopAlerts`), so that a run never queues a mail for a subscription stopped
 * meanwhile.
 */
export const ALERT_RUN_LOCK = 28_0001;

/**
 * `POST /alerts/subscriptions/unsubscribe`: deletes the subscription of `token` (with
 * `everyAlert`, every subscription of its address: one alert mail covers them all); at once
 * and idempotent (an unknown token answers the same). When the address is left with no
 * subscription, its alert and confirmation mails not yet sent are withdrawn from the outbox
 * (`stopAlerts`).
 */
export async function unsubscribe(
  { db, hasher }: Pick<ModuleDeps, "db" | "hasher">,
  token: string,
  { everyAlert = false } = {},
) {
  const row = await subscriptionOf(db, hasher, token);
  if (row) await stopAlerts(db, row.email, everyAlert ? undefined : row.id);
  return { status: "unsubscribed" } as const;
}

/**
 * `POST /alerts/one-click?token=…` (RFC 8058): stops every alert of the address the token
 * names (`addressOf`: an address token's, or an older mail's link token's subscription's,
 * while it lasts), confirmed or not, with their mails not yet sent (`stopAlerts`). At once
 * and idempotent: an address with no alert left answers the same, and nothing is mailed to
 * it indeed; so does an older mail's link token whose subscription is gone (its address is
 * not known any more). `HttpError` 404 for an address token that does not open (sealed under
 * another `SECRET_KEY`, or altered): nothing is stopped, so it does not say so.
 */
export async function oneClickUnsubscribe(deps: Pick<ModuleDeps, "db" | "hasher" | "sealer">, token: string) {
  const address = await addressOf(deps, token);
  if (address === "unopened") throw new HttpError(404, alertNotFound);
  if (address) await stopAlerts(deps.db, address.email);
  return { status: "unsubscribed" } as const;
}

/**
 * `GET /alerts/one-click?token=…`: where a browser opening the one-click link is sent (a
 * `303`; RFC 2369 mail clients open `List-Unsubscribe` so). Changes nothing, so a scanner
 * fetching the link stops no alert. The manage page of one of the address's alerts (the
 * first confirmed, else the first; `/ar` for an address whose mails are in Arabic:
 * `mailLanguageOf`); when the token names no alert left, the manage page of the token
 * itself, in its mail's language, which says the link is no longer valid.
 */
export async function oneClickPage(
  deps: Pick<ModuleDeps, "db" | "hasher" | "sealer">,
  token: string,
): Promise<{ location: string }> {
  const named = await addressOf(deps, token);
  const address = named === "unopened" ? undefined : named;
  const now = new Date();
  const live = address ? (await subscriptionsOf(deps.db, address.email)).filter((r) => !expired(r, now)) : [];
  const shown = live.find((r) => r.confirmedAt !== null) ?? live[0];
  if (!shown) return { location: pagePath(address?.language ?? "en", `/alerts/manage/${token}`) };
  const language = mailLanguageOf(live) ?? (shown.language as Language);
  return { location: pagePath(language, `/alerts/manage/${linkToken(deps.hasher, shown)}`) };
}

/**
 * Deletes the alert `id` of `email`'s address, or every one of them without `id`, in one
 * transaction that waits for a watcher run under way (`ALERT_RUN_LOCK`: a later run no
 * longer sees them). When the address is left with no subscription, its alert and
 * confirmation mails not yet sent are withdrawn from the outbox: nothing more reaches
 * someone who said stop (decision 028).
 */
async function stopAlerts(db: Db, email: string, id?: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_RUN_LOCK})`);
    if (id === undefined) await eraseAlertsOf(tx, email);
    else await tx.delete(alertSubscriptions).where(eq(alertSubscriptions.id, id));
    await tx.execute(sql`
      delete from outbox
      where lower("to") = lower(${email}) and sent_at is null
        and kind in (${ALERT_KIND}, ${ALERT_CONFIRMATION_KIND})
        and not exists (select 1 from alert_subscriptions where lower(email) = lower(${email}))
    `);
  });
}

/** Retention (decision 014/028): deletes requests left unconfirmed for 7 days; answers how many. */
export async function purgeUnconfirmedAlerts(db: Db | Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(alertSubscriptions)
    .where(
      and(
        isNull(alertSubscriptions.confirmedAt),
        lt(alertSubscriptions.createdAt, new Date(now.getTime() - UNCONFIRMED_TTL_MS)),
      ),
    )
    .returning({ id: alertSubscriptions.id });
  return gone.length;
}

/** Account deletion (decision 014): deletes every subscription of `email`; answers how many. */
export async function eraseAlertsOf(tx: Db | Tx, email: string): Promise<number> {
  const gone = await tx
    .delete(alertSubscriptions)
    .where(sql`lower(${alertSubscriptions.email}) = lower(${email})`)
    .returning({ id: alertSubscriptions.id });
  return gone.length;
}

/** Whether any confirmed subscription asks for mails in `language`. */
export async function hasConfirmedIn(db: Db | Tx, language: Language): Promise<boolean> {
  const [row] = await db
    .select({ id: alertSubscriptions.id })
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.language, language), gt(alertSubscriptions.confirmedAt, new Date(0))))
    .limit(1);
  return row !== undefined;
}

/** Confirmed subscriptions (the watcher's audience). */
export async function confirmedSubscriptions(db: Db | Tx): Promise<AlertSubscription[]> {
  return db
    .select()
    .from(alertSubscriptions)
    .where(gt(alertSubscriptions.confirmedAt, new Date(0)));
}
