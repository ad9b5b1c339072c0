import { companyNameIn, type Env, publicOrigin } from "@khayl/config/env";
import type { ApiClient } from "@khayl/contract/client";
import { isDateOnly } from "@khayl/contract/dubai-days";
import { eventEndpoints } from "@khayl/contract/events";
import { isShownFlight } from "@khayl/contract/flight-types";
import { flightRoute, selectiveServiceEndpoints } from "@khayl/contract/selective-services";
import { oneLine } from "@khayl/contract/text";
import type { Db, Tx } from "@khayl/db/client";
import { alertSeen } from "@khayl/db/schema";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Language } from "../../http/language.ts";
import { translate } from "../../i18n.ts";
import type { Hasher, Sealer } from "../../secret-key.ts";
import { languageHeaders, type OutgoingMail } from "../mail/outgoing-mail.ts";
import { enqueueMails } from "../mail/repository.ts";
import { ALERT_KIND, dubaiDays, dubaiSpan, inUaeTime } from "../mail/templates.ts";
import { alertMessages as m } from "./messages.ts";
import {
  ALERT_RUN_LOCK,
  type AlertSubscription,
  addressToken,
  confirmedSubscriptions,
  describeWatch,
  hasConfirmedIn,
  linkToken,
  mailLanguageOf,
  pagePath,
  withValues,
} from "./service.ts";

/** One schedule entry as the watcher compares it. */
interface Item {
  kind: "flight" | "show";
  id: number;
  startDate: string | null;
  endDate: string | null;
  /** Flights: `import`/`export`; shows: the discipline id as text. */
  group: string;
  /** Flights: `DXB → LGG` (`flightRoute`); shows: the show's name. */
  label: string;
  /**
   * The label in the Arabic schedule (read only while an Arabic subscriber is confirmed:
   * `arabicNames`), else null.
   */
  labelAr: string | null;
  /** A row recorded before names were kept (migration 0014): `label` is its number (`#12`), not a name. */
  nameless?: true;
}

/** What changed since the last run. */
interface Change {
  /** `back`: on the schedule again after it had left it. */
  what: "new" | "changed" | "back" | "cancelled";
  item: Item;
  /** `changed`: the dates recorded before (`alert_seen`), which the mail says it moved from. */
  before?: { startDate: string | null; endDate: string | null };
}

/** The row that says a first run has recorded a baseline (before it, nothing is "new"). */
const BASELINE = { kind: "baseline", itemId: 0 };

/** Rows per page of a schedule read: the list endpoints' largest `limit`. */
const PAGE = 1000;
/** Pages read at most per schedule (50 000 entries): a provider whose `count` never ends cannot hold a run. */
const MAX_PAGES = 50;

/**
 * Every row of a list endpoint, page after page until its `count` (a schedule longer than
 * one page is read whole: an entry past the first page is neither missed as new nor
 * reported gone). Throws when an entry came back on two pages: the list's order moved
 * between two reads (the schedule changed, or the ended entries moved at Dubai midnight),
 * so others may have been skipped, which the run would report as cancelled; the next run
 * reads it again.
 */
export async function readAll<Row extends { id: number }>(
  read: (offset: number) => Promise<{ rows: Row[]; count: number }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await read(page * PAGE);
    rows.push(...answer.rows);
    if (answer.rows.length < PAGE || rows.length >= answer.count) break;
  }
  if (new Set(rows.map((row) => row.id)).size !== rows.length)
    throw new Error("the schedule's order moved while it was read page by page: it is read again next run");
  return rows;
}

/**
 * Reads both schedules through the contract client (in-process API or `API_URL`): every
 * website entry, named in the client's language (`label`; `labelAr` is left null).
 */
async function readSchedules(api: ApiClient): Promise<Item[]> {
  const [flights, shows] = await Promise.all([
    readAll((offset) =>
      api.call(selectiveServiceEndpoints.listWebsite, { query: { limit: PAGE, offset, showOnWebsite: true } }),
    ),
    readAll((offset) => api.call(eventEndpoints.listWebsite, { query: { limit: PAGE, offset, showOnWebsite: true } })),
  ]);
  return [
    ...flights
      .filter((f) => isShownFlight(f))
      .map((f) => ({
        kind: "flight" as const,
        id: f.id,
        startDate: f.startDate ?? null,
        endDate: f.endDate ?? null,
        group: f.type.toLowerCase(),
        label: flightRoute(f),
        labelAr: null,
      })),
    ...shows.map((e) => ({
      kind: "show" as const,
      id: e.id,
      startDate: e.startDate ?? null,
      endDate: e.endDate ?? null,
      group: String(e.eventDiscipline ?? ""),
      label: e.eventName,
      labelAr: null,
    })),
  ];
}

/** Whether `change` is one `sub` asked about. */
function matches(sub: AlertSubscription, { what, item }: Change): boolean {
  if (sub.watch === "flights")
    return what === "new" && item.kind === "flight" && (sub.filter === "all" || sub.filter === item.group);
  if (sub.watch === "shows")
    return (
      what === "new" && item.kind === "show" && (sub.filter === "all" || sub.filter.split(",").includes(item.group))
    );
  return what !== "new" && item.kind === sub.watch && String(item.id) === sub.filter;
}

/** Labels by `kind:id` from the schedule read in Arabic (the API answers English where it has no Arabic). */
type Names = Map<string, string>;

/** An item's label in `language`, on one line of a mail (`oneLine`): a name cannot add lines of its own. */
function labelIn(item: Pick<Item, "label" | "labelAr">, language: Language): string {
  return oneLine((language === "ar" && item.labelAr) || item.label);
}

/** An item's dates as an alert line writes them, and whether they hold a time of day. */
interface Dates {
  text: string;
  /** The text holds a time (in Asia/Dubai): the line names the time zone once. */
  timed: boolean;
}

/**
 * An item's dates as an alert line says them, without the time zone: a date-only show
 * (product §2, `isDateOnly`: start and end at 00:00 in Asia/Dubai, the end day included) by
 * its days ('10 Jan 2027 – 12 Jan 2027', `dubaiDays`), as its page and calendar file give
 * them; anything else by its start, or its start and end when the end is after it
 * (`dubaiSpan`); 'date to be announced' without a start. An end before the start counts as
 * unknown.
 */
function datesOf(
  kind: Item["kind"],
  dates: { startDate: string | null; endDate: string | null },
  language: Language,
): Dates {
  if (!dates.startDate) return { text: translate(m.dateUnknown, language), timed: false };
  const start = new Date(dates.startDate);
  const given = dates.endDate ? new Date(dates.endDate) : null;
  const end = given && given.getTime() >= start.getTime() ? given : null;
  if (kind === "show" && isDateOnly(start, end)) return { text: dubaiDays(start, end, language), timed: false };
  return { text: dubaiSpan(start, end, language), timed: true };
}

/**
 * One line of an alert mail about `change`, in `language` (an Arabic mail names shows as the
 * Arabic schedule does: `labelIn`). Its date is the item's start, or its start and end when it has an end after the
 * start (a show whose end alone moved reads as such), in UAE time; a date-only show's are its
 * days, without times or time zone (`datesOf`). A change of date says what the dates were and
 * what they are now, the time zone once when either holds a time.
 */
function line(env: Env, { what, item, before }: Change, language: Language): string {
  const dates = datesOf(item.kind, item, language);
  const date = dates.timed ? inUaeTime(dates.text, language) : dates.text;
  const was = before ? datesOf(item.kind, before, language) : null;
  const moved: Record<string, string> = was ? { before: was.text, after: dates.text } : {};
  const url = `${publicOrigin(env)}${pagePath(language, item.kind === "flight" ? `/flights/${item.id}` : `/transport/${item.id}`)}`;
  const type = item.group === "import" ? translate(m.typeImport, language) : translate(m.typeExport, language);
  const label = labelIn(item, language);
  const values = { route: label, name: label, type, date, url, ...moved };
  const changedShow = was && !was.timed && !dates.timed ? m.changedShowDays : m.changedShow;
  const source =
    item.kind === "flight"
      ? { new: m.newFlight, changed: m.changedFlight, back: m.backFlight, cancelled: m.cancelledFlight }[what]
      : { new: m.newShow, changed: changedShow, back: m.backShow, cancelled: m.cancelledShow }[what];
  return `- ${translate(withValues(source, values), language)}`;
}

/**
 * The one-click URL of an address's alert mails (RFC 8058: the provider POSTs to it; opened
 * in a browser, a GET, it leads to the manage page and stops nothing). Its token names the
 * address (`addressToken`), so it stops every alert of it even after the alert a mail was
 * sent for was stopped.
 */
function oneClickUrl(env: Env, sealer: Sealer, email: string, language: Language): string {
  return `${publicOrigin(env)}/api/v1/alerts/one-click?token=${addressToken(sealer, email, language)}`;
}

/** The keys of what one alert mail needs: the server secret's hasher (link tokens) and sealer (the one-click token). */
type MailKeys = { hasher: Hasher; sealer: Sealer };

/**
 * The digest to one address: every change its subscriptions `subs` match, in `language`
 * (the address's: `mailLanguageOf`, one for every mail whichever alert matched), with
 * `List-Unsubscribe` (one click stops every alert to the address) and
 * `List-Unsubscribe-Post` (RFC 8058), and a link to the manage page. What the address asked
 * about names a single show or flight as its change does ("changes to the show Sharjah
 * Spring Show").
 */
function alertMail(
  env: Env,
  { hasher, sealer }: MailKeys,
  language: Language,
  subs: AlertSubscription[],
  changes: Change[][],
): OutgoingMail {
  const [first] = subs as [AlertSubscription];
  const company = companyNameIn(env, language);
  const seen = new Set<string>();
  const lines: string[] = [];
  changes.flat().forEach((c) => {
    const key = `${c.what}:${c.item.kind}:${c.item.id}`;
    if (!seen.has(key)) {
      seen.add(key);
      lines.push(line(env, c, language));
    }
  });
  // What the address asked about, named as its changes name it (by its number when no name was kept).
  const named = new Map(
    changes
      .flat()
      .filter((c) => !c.item.nameless)
      .map((c) => [`${c.item.kind}:${c.item.id}`, labelIn(c.item, language)]),
  );
  const what = subs
    .map((s) => describeWatch(s, language, named.get(`${s.watch}:${s.filter}`)))
    .join(language === "ar" ? "؛ " : "; ");
  const schedule = first.watch === "flights" || first.watch === "flight" ? "/flights" : "/transport";
  return {
    kind: ALERT_KIND,
    lane: "bulk",
    to: first.email,
    subject: translate(withValues(m.alertSubject, { count: lines.length, company }), language),
    text: translate(
      withValues(m.alertText, {
        company,
        what,
        items: lines.join("\n"),
        scheduleUrl: `${publicOrigin(env)}${pagePath(language, schedule)}`,
        manageUrl: `${publicOrigin(env)}${pagePath(language, "/alerts/manage")}/${linkToken(hasher, first)}`,
      }),
      language,
    ),
    headers: {
      ...languageHeaders(language),
      "List-Unsubscribe": `<${oneClickUrl(env, sealer, first.email, language)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * The number of a read about to begin: the next value of `alert_read_seq` (one sequence for
 * every instance, taken outside any transaction so it is never rolled back). Unlike the
 * database's clock it never goes back: a clock stepped back cannot make every later read
 * look older than one recorded before the step.
 */
async function nextReadSeq(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval('alert_read_seq')::float8 as seq`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: { seq: unknown }[] }).rows) as { seq: unknown }[];
  return Number(row?.seq);
}

/**
 * Whether the read numbered `readSeq` (`nextReadSeq`) is newer than the last read recorded
 * (the baseline row's `read_seq`; a baseline recorded before migration 0015 has none, and
 * any read is newer); if so, records it as the last (and `seen_at`, for people reading
 * the table). True when nothing was recorded yet.
 */
async function isNewestRead(tx: Tx, readSeq: number): Promise<boolean> {
  const updated = await tx
    .update(alertSeen)
    .set({ readSeq, seenAt: new Date() })
    .where(
      and(
        eq(alertSeen.kind, BASELINE.kind),
        eq(alertSeen.itemId, BASELINE.itemId),
        or(isNull(alertSeen.readSeq), lt(alertSeen.readSeq, readSeq)),
      ),
    )
    .returning({ kind: alertSeen.kind });
  if (updated.length > 0) return true;
  const [baseline] = await tx
    .select({ kind: alertSeen.kind })
    .from(alertSeen)
    .where(and(eq(alertSeen.kind, BASELINE.kind), eq(alertSeen.itemId, BASELINE.itemId)));
  return !baseline;
}

/** Compares `items` (the read numbered `readSeq`) with what was seen (in `tx`), records them, and answers the changes. */
async function recordAndDiff(tx: Tx, items: Item[], readSeq: number): Promise<Change[]> {
  const rows = await tx.select().from(alertSeen);
  const baseline = rows.some((r) => r.kind === BASELINE.kind);
  const seen = new Map(rows.map((r) => [`${r.kind}:${r.itemId}`, r]));
  const changes: Change[] = [];
  const now = new Map(items.map((i) => [`${i.kind}:${i.id}`, i]));
  for (const item of items) {
    const before = seen.get(`${item.kind}:${item.id}`);
    // An Arabic name is kept from an earlier run when this one read no Arabic schedule.
    const labelAr = item.labelAr ?? before?.labelAr ?? null;
    if (!before) changes.push({ what: "new", item });
    else if (before.gone) changes.push({ what: "back", item });
    else if (before.startDate !== item.startDate || before.endDate !== item.endDate)
      changes.push({ what: "changed", item, before: { startDate: before.startDate, endDate: before.endDate } });
    // A new name alone is recorded (a later mail names it so) and is no news.
    else if (before.label === item.label && before.labelAr === labelAr) continue;
    const values = {
      kind: item.kind,
      itemId: item.id,
      startDate: item.startDate,
      endDate: item.endDate,
      label: item.label,
      labelAr,
      gone: false,
    };
    await tx
      .insert(alertSeen)
      .values(values)
      .onConflictDoUpdate({ target: [alertSeen.kind, alertSeen.itemId], set: { ...values, seenAt: new Date() } });
  }
  for (const row of rows) {
    if (row.kind === BASELINE.kind || row.gone || now.has(`${row.kind}:${row.itemId}`)) continue;
    const item = { kind: row.kind as Item["kind"], id: row.itemId, startDate: row.startDate, endDate: row.endDate };
    // Named as last seen; a row recorded before names were kept (migration 0014) by its number.
    const named = row.label ? {} : { nameless: true as const };
    const label = row.label ?? `#${row.itemId}`;
    changes.push({ what: "cancelled", item: { ...item, group: "", label, labelAr: row.labelAr, ...named } });
    await tx
      .update(alertSeen)
      .set({ gone: true, seenAt: new Date() })
      .where(sql`${alertSeen.kind} = ${row.kind} and ${alertSeen.itemId} = ${row.itemId}`);
  }
  if (!baseline) {
    await tx.insert(alertSeen).values({ ...BASELINE, readSeq });
    return []; // the first run only learns the schedule: nothing in it is news
  }
  return changes;
}

/**
 * The show names of the schedule read in Arabic (product §7's `language` header), by
 * `kind:id`, when a confirmed subscription is in Arabic; else none (no second read).
 */
async function arabicNames(db: Db, api: (language: Language) => ApiClient): Promise<Names> {
  if (!(await hasConfirmedIn(db, "ar"))) return new Map();
  const items = await readSchedules(api("ar"));
  return new Map(items.map((i) => [`${i.kind}:${i.id}`, i.label]));
}

/**
 * One watcher run (decision 028): reads the schedules through `api` (a contract client per
 * language: English for what changed, Arabic for the names in Arabic mails), then, in one
 * transaction under an advisory lock (so of several instances, each change is reported by
 * exactly one), compares them with `alert_seen`, records them, and queues at most one mail
 * per address (a digest of every matching change) in the outbox, which delivers it (or
 * retries while SMTP is down). A read that began before the last one recorded (by its
 * number from `alert_read_seq`, kept in the baseline row's `read_seq`) is dropped, with a
 * warning: another instance, or a paused process, compared an older schedule after a newer
 * one, and mailed a show moved back and forth. A sequence, not the database's clock, orders
 * the reads: after the clock was stepped back every run would have looked older than the
 * last one recorded, and alerts would have stopped without a word. Each run's outcome is
 * logged at debug. Answers how many changes and mails. Throws when the schedules cannot be
 * read (nothing recorded: the next run tries again).
 */
export async function runAlertWatch(deps: {
  db: Db;
  env: Env;
  hasher: Hasher;
  sealer: Sealer;
  api: (language: Language) => ApiClient;
  log?: WatcherLog;
}) {
  const readSeq = await nextReadSeq(deps.db);
  const [english, arabic] = await Promise.all([readSchedules(deps.api("en")), arabicNames(deps.db, deps.api)]);
  const items = english.map((item) => ({ ...item, labelAr: arabic.get(`${item.kind}:${item.id}`) ?? null }));
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_RUN_LOCK})`);
    if (!(await isNewestRead(tx, readSeq))) return { changes: 0, mails: 0, stale: true };
    const changes = await recordAndDiff(tx, items, readSeq);
    if (changes.length === 0) return { changes: 0, mails: 0 };
    const byAddress = new Map<string, { all: AlertSubscription[]; subs: AlertSubscription[]; changes: Change[][] }>();
    for (const sub of await confirmedSubscriptions(tx)) {
      const key = sub.email.toLowerCase();
      const entry = byAddress.get(key) ?? { all: [], subs: [], changes: [] };
      byAddress.set(key, entry);
      entry.all.push(sub);
      const mine = changes.filter((c) => matches(sub, c));
      if (mine.length === 0) continue;
      entry.subs.push(sub);
      entry.changes.push(mine);
    }
    // One language per address, whichever of its alerts a change matches (decision 028).
    const mails = [...byAddress.values()]
      .filter((e) => e.subs.length > 0)
      .map((e) => alertMail(deps.env, deps, mailLanguageOf(e.all) ?? "en", e.subs, e.changes));
    await enqueueMails(tx, deps.sealer, mails);
    return { changes: changes.length, mails: mails.length };
  });
  const { stale, ...counts } = { stale: false, ...outcome };
  if (stale)
    deps.log?.warn(
      { readSeq, items: items.length },
      "alerts watcher run skipped: its read began before another run recorded a newer schedule",
    );
  else deps.log?.debug({ readSeq, items: items.length, ...counts }, "alerts watcher run");
  return counts;
}

/** Where the watcher logs (a pino/Fastify logger): each run at debug, a run dropped as stale or failed at warn. */
export interface WatcherLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The running watcher (`start` it; `stop` waits for a run in progress). */
export interface AlertWatcher {
  start(): void;
  stop(): Promise<void>;
  runOnce(): ReturnType<typeof runAlertWatch>;
}

/**
 * Runs `runAlertWatch` every `ALERTS_INTERVAL_SECONDS` (seconds; default 300), never two
 * at once in this process; each run's outcome is logged at debug (a run dropped as stale at
 * warn), a failed run at warn, and retried next time.
 */
export function createAlertWatcher(deps: Parameters<typeof runAlertWatch>[0] & { log: WatcherLog }): AlertWatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    // A run slower than the interval is not joined by the next one: that one is skipped.
    if (busy) return;
    busy = true;
    running = runAlertWatch(deps)
      .catch((err: unknown) => deps.log.warn({ err: (err as Error).message }, "alerts watcher run failed"))
      .finally(() => {
        busy = false;
      });
  };
  return {
    start() {
      timer ??= setInterval(tick, deps.env.ALERTS_INTERVAL_SECONDS * 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce: () => runAlertWatch(deps),
  };
}
