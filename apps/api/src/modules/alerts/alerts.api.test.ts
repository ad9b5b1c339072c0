import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApiClient } from "@khayl/contract/client";
import { alertSeen, alertSubscriptions, events, outbox, selectiveServices } from "@khayl/db/schema";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createHasher } from "../../secret-key.ts";
import { createTestApi, type TestApi } from "../../testing.ts";
import { openedOutbox, startSmtp, type TestSmtp } from "../mail/testing.ts";
import { createMailWorker } from "../mail/worker.ts";
import { runAlertWatch } from "./watcher.ts";

let api: TestApi;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  api = await createTestApi({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: "http://localhost:3000",
    ALERTS_INTERVAL_SECONDS: "2",
  });
});
afterAll(async () => {
  await api.close();
  await smtp.stop();
});

const silentLog = { info: () => undefined, warn: () => undefined };

/** A `fetch` answering from the in-process API (`app.inject`), as the host's own reads do. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: "GET",
      url: url.pathname + url.search,
      headers: { accept: "application/json", language: new Headers(init?.headers).get("language") ?? "en" },
    });
    return new Response(res.body, { status: res.statusCode, headers: { "content-type": "application/json" } });
  };
}

/** The contract client of the in-process API in `language`, as the host's watcher reads it. */
const inProcessClient = (language: "en" | "ar") =>
  createApiClient({ baseUrl: "http://in-process/api/v1", fetch: injectFetch(api.app), language });

/** One watcher run over the in-process API, as the host's watcher runs it. */
const watch = () =>
  runAlertWatch({
    db: api.database.db,
    env: api.env,
    hasher: createHasher(api.env.SECRET_KEY!),
    sealer: api.sealer,
    api: inProcessClient,
  });

/** Delivers the outbox to the SMTP sink and answers the mails that arrived since `from`. */
async function deliver(from: number) {
  const worker = createMailWorker({ db: api.database.db, env: api.env, sealer: api.sealer, log: silentLog });
  await worker.deliverDue();
  await worker.stop();
  return smtp.received.slice(from);
}

/** A raw mail as a subscriber reads it: headers, then the text (quoted-printable or base64 undone). */
function unfold(raw: string): string {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const text = /Content-Transfer-Encoding: base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
    : Buffer.from(
        body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        "latin1",
      ).toString("utf8");
  return `${head}\n\n${text}`;
}

const subscribe = (email: string, body: Record<string, string> = {}) =>
  api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions",
    payload: { email, watch: "flights", filter: "export", language: "en", ...body },
  });

async function addFlight(type: "Export" | "Import", startDate: string) {
  const [row] = await api.database.db
    .insert(selectiveServices)
    .values({ type, departureAirportCode: "DXB", arrivalAirportCode: "LGG", startDate: new Date(startDate) })
    .returning();
  return row!;
}

test("subscribe → confirm by POST → a new matching flight mails once with one-click unsubscribe → then nothing", async () => {
  await watch(); // the baseline: what is already on the schedule is not news

  // The same answer for a new address and one already asked (no enumeration).
  const first = await subscribe("Rider@Example.com");
  // Asked again later than a minute (a second tap within one mails nothing: `justAsked`).
  await api.database.db
    .update(alertSubscriptions)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(alertSubscriptions.email, "Rider@Example.com"));
  const again = await subscribe("rider@example.com", { filter: "export" });
  expect(first.statusCode).toBe(202);
  expect(again.json()).toEqual(first.json());
  await subscribe("never-confirms@example.com");

  const confirmations = await deliver(0);
  expect(confirmations.map((m) => m.to[0]?.toLowerCase()).sort()).toEqual([
    "never-confirms@example.com",
    "rider@example.com",
    "rider@example.com",
  ]);
  const latest = unfold(confirmations.filter((m) => m.to[0]?.toLowerCase() === "rider@example.com").at(-1)!.raw);
  expect(latest).toContain("Subject: Confirm your");
  const token = /\/alerts\/confirm\/([\w.-]+)/.exec(latest)?.[1];
  expect(token).toBeTruthy();
  // The first mail's link was voided by the second request.
  const oldToken = /\/alerts\/confirm\/([\w.-]+)/.exec(
    unfold(confirmations.find((m) => m.to[0]?.toLowerCase() === "rider@example.com")!.raw),
  )?.[1];
  expect(
    (
      await api.app.inject({
        method: "POST",
        url: "/api/v1/alerts/subscriptions/confirm",
        payload: { token: oldToken },
      })
    ).statusCode,
  ).toBe(404);

  // Looking up (what the page behind the link does on GET) confirms nothing.
  const looked = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/lookup",
    payload: { token },
  });
  expect(looked.json().data).toMatchObject({ confirmed: false, watch: "flights", filter: "export" });
  const confirmed = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/confirm",
    payload: { token },
  });
  expect(confirmed.json().data).toMatchObject({ confirmed: true });
  const [row] = await api.database.db.select().from(alertSubscriptions).where(undefined);
  expect(row?.ipHash).not.toContain("127.0.0.1");

  // Two new export flights and an import: one digest to the confirmed subscriber only.
  await addFlight("Export", "2027-01-10T06:00:00Z");
  await addFlight("Export", "2027-01-17T06:00:00Z");
  await addFlight("Import", "2027-01-12T06:00:00Z");
  const runs = await Promise.all([watch(), watch()]); // two instances at once
  expect(runs.map((r) => r.mails).sort()).toEqual([0, 1]);
  const alerts = await deliver(smtp.received.length);
  expect(alerts).toHaveLength(1);
  const alert = unfold(alerts[0]!.raw);
  expect(alerts[0]?.to).toEqual(["rider@example.com"]);
  if (process.env.SHOW_MAILS) console.log(`${unfold(latest)}\n=====\n${alert}`);
  expect(alert).toContain("Subject: 2 schedule changes at");
  expect(alert).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const oneClick = /List-Unsubscribe: <(https?:\/\/[^>]+)>/.exec(alert.replace(/\r?\n\s+/g, " "))?.[1];
  expect(oneClick).toMatch(/\/api\/v1\/alerts\/one-click\?token=/);
  expect(alert).toContain("/alerts/manage/");
  expect(alert).not.toContain("Import");
  // Once sent, the outbox keeps no link token: a copy of the database makes no links (decision 028).
  const kept = await api.database.db.select().from(outbox);
  expect(kept.filter((mail) => mail.kind.startsWith("alert")).length).toBeGreaterThanOrEqual(4);
  const keptText = JSON.stringify(kept);
  for (const secret of [token!, oneClick!.split("token=")[1]!, "/alerts/confirm/", "/alerts/manage/", "one-click"])
    expect(keptText).not.toContain(secret);

  // RFC 8058: the provider POSTs the form body; a GET (a browser opening it) only leads to the manage page.
  const url = new URL(oneClick!);
  const get = await api.app.inject({ method: "GET", url: url.pathname + url.search });
  expect([get.statusCode, get.headers.location]).toEqual([303, expect.stringMatching(/^\/alerts\/manage\//)]);
  const unsubscribed = await api.app.inject({
    method: "POST",
    url: url.pathname + url.search,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  expect(unsubscribed.statusCode).toBe(200);

  await addFlight("Export", "2027-02-01T06:00:00Z");
  expect((await watch()).mails).toBe(0);
  expect(await deliver(smtp.received.length)).toEqual([]);
});

test("stopping the alerts withdraws the alert mail already queued: nothing more reaches them", async () => {
  await watch();
  expect((await subscribe("stops.soon@example.com", { filter: "all" })).statusCode).toBe(202);
  const [confirmation] = await openedOutbox(api.database.db, api.sealer, eq(outbox.to, "stops.soon@example.com"));
  const token = /\/alerts\/confirm\/([\w.-]+)/.exec(confirmation?.text ?? "")?.[1];
  const confirmed = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/confirm",
    payload: { token },
  });
  expect(confirmed.statusCode).toBe(200);
  await addFlight("Import", "2027-04-04T06:00:00Z");
  expect((await watch()).mails).toBeGreaterThanOrEqual(1);
  const queued = async () =>
    (await api.database.db.select().from(outbox).where(eq(outbox.to, "stops.soon@example.com"))).filter(
      (mail) => mail.kind === "alert" && mail.sentAt === null,
    );
  expect(await queued()).toHaveLength(1);

  // The one-click unsubscribe arrives before the worker has sent the digest.
  const stopped = await api.app.inject({
    method: "POST",
    url: `/api/v1/alerts/one-click?token=${encodeURIComponent(token!)}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  expect(stopped.statusCode).toBe(200);
  expect(await queued()).toEqual([]);
  const arrived = await deliver(smtp.received.length);
  expect(arrived.filter((mail) => mail.to.includes("stops.soon@example.com"))).toEqual([]);
});

test("the watcher reads a provider API behind API_URL the same way", async () => {
  let flights = [{ id: 900, type: "Export", startDate: "2027-03-01T06:00:00.000Z", departureAirport: { code: "DXB" } }];
  const provider: Server = createServer((req, res) => {
    const rows = req.url?.startsWith("/selective-services") ? flights : [];
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ success: true, statusCode: 200, message: "ok", data: { rows, count: rows.length } }));
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const hasher = createHasher(api.env.SECRET_KEY!);
  const baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const client = (language: "en" | "ar") => createApiClient({ baseUrl, language });
  const watch = () => runAlertWatch({ db: api.database.db, env: api.env, hasher, sealer: api.sealer, api: client });
  try {
    await subscribe("stub@example.com", { filter: "all", language: "ar" });
    const mail = (await deliver(smtp.received.length))[0]!;
    const token = /\/ar\/alerts\/confirm\/([\w.-]+)/.exec(unfold(mail.raw))?.[1];
    await api.app.inject({ method: "POST", url: "/api/v1/alerts/subscriptions/confirm", payload: { token } });
    await watch(); // the provider's schedule differs from the database's: flights vanished, 900 is new
    await deliver(smtp.received.length);
    flights = [
      ...flights,
      { id: 901, type: "Export", startDate: "2027-03-08T06:00:00.000Z", departureAirport: { code: "DXB" } },
    ];
    expect((await watch()).mails).toBe(1);
    const alerts = await deliver(smtp.received.length);
    expect(alerts.map((m) => m.to[0])).toEqual(["stub@example.com"]);
    expect(alerts[0]?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    if (process.env.SHOW_MAILS) console.log(`${unfold(mail.raw)}\n=====\n${unfold(alerts[0]!.raw)}`);
    expect((await watch()).mails).toBe(0);
  } finally {
    await new Promise((resolve) => provider.close(resolve));
  }
});

test("a schedule longer than a page is read whole: a new flight past the first thousand is news, none is gone", async () => {
  const flight = (id: number) => ({
    id,
    type: "Export",
    startDate: "2027-04-01T06:00:00.000Z",
    departureAirport: { code: "DXB" },
  });
  let flights = Array.from({ length: 1_200 }, (_, i) => flight(5_000 + i));
  const provider: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://provider");
    const all = url.pathname.startsWith("/selective-services") ? flights : [];
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const rows = all.slice(offset, offset + Number(url.searchParams.get("limit") ?? 10));
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ success: true, statusCode: 200, message: "ok", data: { rows, count: all.length } }));
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const hasher = createHasher(api.env.SECRET_KEY!);
  const baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const watch = () =>
    runAlertWatch({
      db: api.database.db,
      env: api.env,
      hasher,
      sealer: api.sealer,
      // As the host reads a provider behind API_URL (apps/server/src/alerts-watcher.ts): a GET
      // is tried again on a network error. Under a loaded CI, a kept-alive connection the stub
      // closed between two watches was seen to fail one read ("Network Error").
      api: (language) => createApiClient({ baseUrl, language, retries: 2 }),
    });
  try {
    await subscribeConfirmed(
      "long-schedule@example.com",
      { watch: "flights", filter: "all", language: "en" },
      "10.31.0.1",
    );
    await watch(); // this provider's schedule differs from the database's: a new baseline of both
    await deliver(smtp.received.length);
    expect((await watch()).changes).toBe(0);
    flights = [...flights, flight(9_999)];
    const run = await watch();
    expect(run.changes).toBe(1);
    const mails = await deliver(smtp.received.length);
    // Every confirmed subscriber to all flights hears of it (an earlier test's too).
    expect(mails.map((m) => m.to[0])).toContain("long-schedule@example.com");
  } finally {
    await new Promise((resolve) => provider.close(resolve));
  }
});

/** Asks alerts for `email` from the client `remoteAddress`; answers the link token its confirmation mail carries. */
async function askAlert(email: string, body: Record<string, string>, remoteAddress: string): Promise<string> {
  const asked = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions",
    remoteAddress,
    payload: { email, ...body },
  });
  expect(asked.statusCode).toBe(202);
  const mail = (await deliver(smtp.received.length)).find((m) => m.to[0] === email);
  return /\/alerts\/confirm\/([\w.-]+)/.exec(unfold(mail?.raw ?? ""))?.[1] ?? "";
}

/** Subscribes `email` from its own client address and confirms by the mailed link's button, as a subscriber does. */
async function subscribeConfirmed(email: string, body: Record<string, string>, remoteAddress: string) {
  const token = await askAlert(email, body, remoteAddress);
  const confirmed = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/confirm",
    remoteAddress,
    payload: { token },
  });
  expect(confirmed.statusCode).toBe(200);
  return token;
}

/** The dates of the test below as the mails write them (UAE time). */
const EN_27_TO_29_JAN = "27 Jan 2027, 10:00 – 29 Jan 2027, 18:00 (UAE time)";
const AR_27_TO_29_JAN = "من 27 يناير 2027 في 10:00 حتى 29 يناير 2027 في 18:00 (بتوقيت الإمارات)";

test("a watched show and flight that change date, then leave the schedule, mail each subscriber in their language", async () => {
  const db = api.database.db;
  const [show] = await db
    .insert(events)
    .values({
      eventName: "Winter Cup",
      disciplineId: 1,
      startDate: new Date("2027-01-20T06:00:00Z"),
      translations: { ar: { eventName: "كأس الشتاء" } },
    })
    .returning();
  const flight = await addFlight("Export", "2027-02-10T06:00:00Z");
  await watch(); // the schedule as it is now (earlier tests' subscribers may hear of the new entries)
  await deliver(smtp.received.length);
  for (const [n, language] of [
    [1, "en"],
    [2, "ar"],
  ] as const) {
    const email = `watcher-${language}@example.com`;
    await subscribeConfirmed(email, { watch: "show", filter: String(show!.id), language }, `10.26.0.${n}`);
    await subscribeConfirmed(email, { watch: "flight", filter: String(flight.id), language }, `10.26.0.${n}`);
  }
  const mailsOf = async () => {
    const mails = await deliver(smtp.received.length);
    const byAddress = new Map(mails.map((m) => [m.to[0], unfold(m.raw)]));
    if (process.env.SHOW_MAILS) console.log([...byAddress.values()].join("\n=====\n"));
    return { en: byAddress.get("watcher-en@example.com") ?? "", ar: byAddress.get("watcher-ar@example.com") ?? "" };
  };

  // A change of date: one digest per address, the show named as the schedule names it in that language.
  await db
    .update(events)
    .set({ startDate: new Date("2027-01-27T06:00:00Z") })
    .where(eq(events.id, show!.id));
  await db
    .update(selectiveServices)
    .set({ startDate: new Date("2027-02-17T06:00:00Z") })
    .where(eq(selectiveServices.id, flight.id));
  expect((await watch()).mails).toBe(2);
  const moved = await mailsOf();
  expect(moved.en).toContain("Subject: 2 schedule changes at");
  // Each line says what the date was and what it is now, the time zone once.
  expect(moved.en).toContain(
    `- Show Winter Cup moved: was 20 Jan 2027, 10:00, now 27 Jan 2027, 10:00 (UAE time): http://localhost:3000/transport/${show!.id}`,
  );
  expect(moved.en).toContain(
    `- Flight DXB → LGG moved: was 10 Feb 2027, 10:00, now 17 Feb 2027, 10:00 (UAE time): http://localhost:3000/flights/${flight.id}`,
  );
  // What the address asked about names the show and the flight as their lines do.
  expect(moved.en).toContain("to tell you about changes to the show Winter Cup; changes to the flight DXB → LGG.");
  expect(moved.ar).toContain(
    `- تغيّر موعد البطولة كأس الشتاء: كان 20 يناير 2027 في 10:00، وأصبح 27 يناير 2027 في 10:00 (بتوقيت الإمارات): http://localhost:3000/ar/transport/${show!.id}`,
  );
  expect(moved.ar).not.toContain("Winter Cup");
  expect(moved.ar).toContain("مرحبًا،"); // one spelling of the greeting, the contact mail's
  // "Inform you about" is one word with what it names, not joined by a tatweel ("بـتغييرات").
  expect(moved.ar).toContain("إعلامك بتغييرات البطولة كأس الشتاء؛");
  // The watched items are listed with the Arabic semicolon.
  expect(moved.ar).toContain("تغييرات البطولة كأس الشتاء؛ تغييرات الرحلة DXB → LGG");
  expect(moved.ar).toContain(
    `- تغيّر موعد الرحلة DXB → LGG: كان 10 فبراير 2027 في 10:00، وأصبح 17 فبراير 2027 في 10:00 (بتوقيت الإمارات): http://localhost:3000/ar/flights/${flight.id}`,
  );

  // Only the ends move: the show's over days, the flight's within its day. The lines say the
  // start kept and the new end.
  await db
    .update(events)
    .set({ endDate: new Date("2027-01-29T14:00:00Z") })
    .where(eq(events.id, show!.id));
  await db
    .update(selectiveServices)
    .set({ endDate: new Date("2027-02-17T13:00:00Z") })
    .where(eq(selectiveServices.id, flight.id));
  expect((await watch()).mails).toBe(2);
  const ended = await mailsOf();
  expect(ended.en).toContain(
    `- Show Winter Cup moved: was 27 Jan 2027, 10:00, now 27 Jan 2027, 10:00 – 29 Jan 2027, 18:00 (UAE time): http://localhost:3000/transport/${show!.id}`,
  );
  expect(ended.en).toContain(
    `- Flight DXB → LGG moved: was 17 Feb 2027, 10:00, now 17 Feb 2027, 10:00 – 17:00 (UAE time): http://localhost:3000/flights/${flight.id}`,
  );
  expect(ended.ar).toContain(
    `- تغيّر موعد البطولة كأس الشتاء: كان 27 يناير 2027 في 10:00، وأصبح من 27 يناير 2027 في 10:00 حتى 29 يناير 2027 في 18:00 (بتوقيت الإمارات): http://localhost:3000/ar/transport/${show!.id}`,
  );
  expect(ended.ar).toContain(
    `- تغيّر موعد الرحلة DXB → LGG: كان 17 فبراير 2027 في 10:00، وأصبح 17 فبراير 2027 من 10:00 حتى 17:00 (بتوقيت الإمارات): http://localhost:3000/ar/flights/${flight.id}`,
  );
  for (const mail of [moved.ar, ended.ar]) expect(mail).not.toMatch(/إلى .* إلى /);

  // Leaving the schedule (hidden or deleted): a cancellation line each, then nothing more.
  await db.update(events).set({ showOnWebsite: false }).where(eq(events.id, show!.id));
  await db.delete(selectiveServices).where(eq(selectiveServices.id, flight.id));
  expect((await watch()).mails).toBe(2);
  const gone = await mailsOf();
  // Named as last seen, in each language; its dates as the moved lines write theirs (a day's
  // range once), with no brackets in brackets.
  expect(gone.en).toContain(`- Show Winter Cup, ${EN_27_TO_29_JAN}, is no longer on the schedule`);
  expect(gone.en).toContain("- Flight DXB → LGG, 17 Feb 2027, 10:00 – 17:00 (UAE time), is no longer on the schedule");
  expect(gone.en).toContain("about changes to the show Winter Cup; changes to the flight DXB → LGG.");
  expect(gone.ar).toContain(`- البطولة كأس الشتاء، ${AR_27_TO_29_JAN}، لم تعد على الجدول`);
  expect(gone.ar).toContain(
    "- الرحلة DXB → LGG، 17 فبراير 2027 من 10:00 حتى 17:00 (بتوقيت الإمارات)، لم تعد على الجدول",
  );
  expect((await watch()).mails).toBe(0);

  // Back on the schedule with the dates it left with: it says so, not that it moved.
  await db.update(events).set({ showOnWebsite: true }).where(eq(events.id, show!.id));
  expect((await watch()).mails).toBe(2);
  const back = await mailsOf();
  expect(back.en).toContain(
    `- Show Winter Cup is back on the schedule, ${EN_27_TO_29_JAN}: http://localhost:3000/transport/${show!.id}`,
  );
  expect(back.ar).toContain(
    `- عادت البطولة كأس الشتاء للظهور في الجدول، ${AR_27_TO_29_JAN}: http://localhost:3000/ar/transport/${show!.id}`,
  );
  expect(back.en).not.toContain("moved");
});

test("a show on whole days (00:00 in Dubai) is mailed by its days, the end day included, without times", async () => {
  const db = api.database.db;
  await watch();
  await deliver(smtp.received.length);
  for (const [n, language] of [
    [1, "en"],
    [2, "ar"],
  ] as const) {
    await subscribeConfirmed(
      `all-day-${language}@example.com`,
      { watch: "shows", filter: "all", language },
      `10.41.0.${n}`,
    );
  }
  const mailsOf = async () => {
    const mails = await deliver(smtp.received.length);
    const byAddress = new Map(mails.map((m) => [m.to[0], unfold(m.raw)]));
    return { en: byAddress.get("all-day-en@example.com") ?? "", ar: byAddress.get("all-day-ar@example.com") ?? "" };
  };

  // Two new shows on days: 10 to 12 Jan (three days, product §2) and 24 Dec with no end.
  const [days] = await db
    .insert(events)
    .values({
      eventName: "TZ New AllDay",
      disciplineId: 1,
      startDate: new Date("2027-01-10T00:00:00+04:00"),
      endDate: new Date("2027-01-12T00:00:00+04:00"),
    })
    .returning();
  const [oneDay] = await db
    .insert(events)
    .values({ eventName: "Christmas Eve Ride", disciplineId: 1, startDate: new Date("2027-12-24T00:00:00+04:00") })
    .returning();
  await watch();
  const added = await mailsOf();
  expect(added.en).toContain(
    `- New show transport: TZ New AllDay, 10 Jan 2027 – 12 Jan 2027: http://localhost:3000/transport/${days!.id}`,
  );
  expect(added.en).toContain(
    `- New show transport: Christmas Eve Ride, 24 Dec 2027: http://localhost:3000/transport/${oneDay!.id}`,
  );
  expect(added.ar).toContain(`، من 10 يناير 2027 حتى 12 يناير 2027: http://localhost:3000/ar/transport/${days!.id}`);
  expect(added.ar).toContain(`، 24 ديسمبر 2027: http://localhost:3000/ar/transport/${oneDay!.id}`);
  for (const mail of [added.en, added.ar]) {
    expect(mail).not.toContain("00:00");
    expect(mail).not.toMatch(/UAE time|بتوقيت الإمارات/);
  }

  // Moved by a day, still on days: was and now by their days, no time zone.
  await subscribeConfirmed(
    "all-day-en@example.com",
    { watch: "show", filter: String(days!.id), language: "en" },
    "10.41.0.1",
  );
  await subscribeConfirmed(
    "all-day-ar@example.com",
    { watch: "show", filter: String(days!.id), language: "ar" },
    "10.41.0.2",
  );
  await db
    .update(events)
    .set({ startDate: new Date("2027-01-11T00:00:00+04:00"), endDate: new Date("2027-01-13T00:00:00+04:00") })
    .where(eq(events.id, days!.id));
  await watch();
  const moved = await mailsOf();
  expect(moved.en).toContain(
    `- Show TZ New AllDay moved: was 10 Jan 2027 – 12 Jan 2027, now 11 Jan 2027 – 13 Jan 2027: http://localhost:3000/transport/${days!.id}`,
  );
  expect(moved.ar).toContain(
    "كان من 10 يناير 2027 حتى 12 يناير 2027، وأصبح من 11 يناير 2027 حتى 13 يناير 2027: http://localhost:3000/ar/transport/",
  );
  for (const mail of [moved.en, moved.ar]) expect(mail).not.toMatch(/00:00|UAE time|بتوقيت الإمارات/);

  // Given times: the new dates have them, and the time zone is said once.
  await db
    .update(events)
    .set({ startDate: new Date("2027-01-11T10:00:00+04:00"), endDate: new Date("2027-01-13T18:00:00+04:00") })
    .where(eq(events.id, days!.id));
  await watch();
  const timed = await mailsOf();
  expect(timed.en).toContain(
    "- Show TZ New AllDay moved: was 11 Jan 2027 – 13 Jan 2027, now 11 Jan 2027, 10:00 – 13 Jan 2027, 18:00 (UAE time): ",
  );
});

test("a run whose read began before another run recorded a newer schedule records and mails nothing", async () => {
  // Two views of one flight: as it was, and moved an hour later. A run on a slow path to the
  // provider (or a paused process) read the first; a faster run reads the second.
  const watched = await addFlight("Export", "2027-05-01T06:00:00Z");
  const providerOf = (startDate: string) => {
    const flights = [{ id: watched.id, type: "Export", startDate, departureAirport: { code: "DXB" } }];
    const server: Server = createServer((req, res) => {
      const rows = req.url?.startsWith("/selective-services") ? flights : [];
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ success: true, statusCode: 200, message: "ok", data: { rows, count: rows.length } }));
    });
    return new Promise<Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
  };
  const before = await providerOf("2027-05-01T06:00:00.000Z");
  const after = await providerOf("2027-05-01T07:00:00.000Z");
  const hasher = createHasher(api.env.SECRET_KEY!);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const clientOf = (server: Server, gate?: Promise<void>) => (language: "en" | "ar") =>
    createApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      language,
      fetch: async (input, init) => {
        await gate;
        return fetch(input, init);
      },
    });
  const warnings: string[] = [];
  const log = { debug: () => undefined, warn: (_obj: object, msg: string) => warnings.push(msg) };
  const watch = (client: (language: "en" | "ar") => ReturnType<typeof createApiClient>) =>
    runAlertWatch({ db: api.database.db, env: api.env, hasher, sealer: api.sealer, api: client, log });
  try {
    await subscribeConfirmed(
      "late@example.com",
      { watch: "flight", filter: String(watched.id), language: "en" },
      "10.27.0.1",
    );
    await watch(clientOf(before)); // the schedule as it was: the flight at 06:00
    await deliver(smtp.received.length);

    const late = watch(clientOf(before, held)); // begins its read, which comes back late
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await watch(clientOf(after))).mails).toBe(1); // the move to 07:00 is news, once
    release();
    expect(await late).toEqual({ changes: 0, mails: 0 }); // 06:00 again is older news: dropped
    // The operator is told (a run dropped in silence looks like a watcher that stopped).
    expect(warnings).toEqual([
      "alerts watcher run skipped: its read began before another run recorded a newer schedule",
    ]);
    expect((await watch(clientOf(after))).mails).toBe(0);
    const alerts = (await deliver(smtp.received.length)).map((m) => unfold(m.raw));
    expect(alerts).toHaveLength(1);
    // The one move, 06:00 to 07:00 UTC; never one back to 06:00.
    expect(alerts[0]).toContain("moved: was 01 May 2027, 10:00, now 01 May 2027, 11:00 (UAE time)");
    expect(alerts[0]).not.toContain("now 01 May 2027, 10:00");
  } finally {
    release();
    await Promise.all([before, after].map((server) => new Promise((resolve) => server.close(resolve))));
  }
});

test("alerts go on after the database's clock was ahead and stepped back, and each run is logged", async () => {
  // The baseline recorded by a run while the clock was an hour ahead (then NTP, a restored
  // VM or a failover to a replica stepped it back): every later run reads "before" it.
  const db = api.database.db;
  const [show] = await db
    .insert(events)
    .values({ eventName: "Clock Cup", disciplineId: 1, startDate: new Date("2027-06-10T06:00:00Z") })
    .returning();
  await subscribeConfirmed(
    "clock@example.com",
    { watch: "show", filter: String(show!.id), language: "en" },
    "10.32.0.1",
  );
  await watch();
  await deliver(smtp.received.length);
  await db.execute(sql`update alert_seen set seen_at = now() + interval '1 hour' where kind = 'baseline'`);

  await db
    .update(events)
    .set({ startDate: new Date("2027-06-11T06:00:00Z") })
    .where(eq(events.id, show!.id));
  const logged: { level: string; obj: object; msg: string }[] = [];
  const log = {
    debug: (obj: object, msg: string) => logged.push({ level: "debug", obj, msg }),
    warn: (obj: object, msg: string) => logged.push({ level: "warn", obj, msg }),
  };
  const hasher = createHasher(api.env.SECRET_KEY!);
  const run = await runAlertWatch({ db, env: api.env, hasher, sealer: api.sealer, api: inProcessClient, log });
  expect(run).toEqual({ changes: 1, mails: 1 });
  const mails = (await deliver(smtp.received.length)).filter((m) => m.to[0] === "clock@example.com");
  expect(mails).toHaveLength(1);
  expect(unfold(mails[0]!.raw)).toContain("Clock Cup");
  // The run's outcome, at debug; nothing at warn.
  expect(logged).toEqual([
    { level: "debug", obj: expect.objectContaining({ changes: 1, mails: 1 }), msg: "alerts watcher run" },
  ]);
});

test("the same alert asked several times at once is stored once", async () => {
  const answers = await Promise.all(
    [1, 2, 3].map((n) =>
      api.app.inject({
        method: "POST",
        url: "/api/v1/alerts/subscriptions",
        remoteAddress: `10.28.0.${n}`,
        payload: { email: "twin@example.com", watch: "flights", filter: "import", language: "en" },
      }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
  const rows = await api.database.db
    .select()
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.email, "twin@example.com"));
  expect(rows.map((row) => `${row.watch}:${row.filter}`)).toEqual(["flights:import"]);
  // One mail, whose link works: the others were repeats of it (a double tap mails once).
  const links = (await deliver(smtp.received.length))
    .filter((mail) => mail.to[0] === "twin@example.com")
    .map((mail) => /\/alerts\/confirm\/([\w.-]+)/.exec(unfold(mail.raw))?.[1]);
  const confirmed = [];
  for (const token of links) {
    const answer = await api.app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions/confirm",
      remoteAddress: "10.28.0.9",
      payload: { token },
    });
    confirmed.push(answer.statusCode);
  }
  expect(confirmed.filter((status) => status === 200)).toHaveLength(1);
});

test("a second tap within a minute mails nothing more and keeps the first link working; later it mails anew", async () => {
  const email = "double-tap@example.com";
  const ask = (language: string) =>
    api.app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions",
      remoteAddress: "10.31.0.1",
      payload: { email, watch: "flights", filter: "export", language },
    });
  const linksTo = async (from: number) =>
    (await deliver(from))
      .filter((mail) => mail.to[0] === email)
      .map((mail) => /\/alerts\/confirm\/([\w.-]+)/.exec(unfold(mail.raw))?.[1]);
  let from = smtp.received.length;
  expect((await ask("en")).statusCode).toBe(202);
  expect((await ask("en")).statusCode).toBe(202);
  const [first, ...more] = await linksTo(from);
  expect(more).toEqual([]);
  // The same request in the other language is a new request: its mail says it in Arabic.
  from = smtp.received.length;
  expect((await ask("ar")).statusCode).toBe(202);
  expect(await linksTo(from)).toHaveLength(1);
  // A minute on, asking again mails a new link (the first mail may have been lost).
  await api.database.db
    .update(alertSubscriptions)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(alertSubscriptions.email, email));
  from = smtp.received.length;
  expect((await ask("ar")).statusCode).toBe(202);
  const [later] = await linksTo(from);
  expect(later).toBeDefined();
  expect(later).not.toBe(first);
});

test("an alert on one show or flight names it in the confirmation; one not on the schedule is refused", async () => {
  const db = api.database.db;
  const [show] = await db
    .insert(events)
    .values({
      eventName: "Spring Derby",
      disciplineId: 2,
      startDate: new Date("2027-03-05T06:00:00Z"),
      translations: { ar: { eventName: "ديربي الربيع" } },
    })
    .returning();
  const [hidden] = await db
    .insert(events)
    .values({
      eventName: "Hidden Cup",
      disciplineId: 2,
      startDate: new Date("2027-03-06T06:00:00Z"),
      showOnWebsite: false,
    })
    .returning();
  const flight = await addFlight("Import", "2027-03-07T06:00:00Z");
  const [local] = await db
    .insert(selectiveServices)
    .values({
      type: "Local",
      departureAirportCode: "DXB",
      arrivalAirportCode: "AUH",
      startDate: new Date("2027-03-08T06:00:00Z"),
    })
    .returning();
  const ask = (body: Record<string, string>, language = "en") =>
    api.app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions",
      remoteAddress: "10.29.0.1",
      headers: { language },
      payload: { email: "one-item@example.com", language, ...body },
    });

  const from = smtp.received.length;
  expect((await ask({ watch: "show", filter: String(show!.id) })).statusCode).toBe(202);
  expect((await ask({ watch: "flight", filter: String(flight.id) }, "ar")).statusCode).toBe(202);
  const mails = (await deliver(from)).map((mail) => unfold(mail.raw));
  expect(mails).toHaveLength(2);
  expect(mails[0]).toContain("asked Khayl Logistics to e-mail this address about changes to the show Spring Derby.");
  expect(mails[1]).toContain("تغييرات الرحلة DXB → LGG");

  // Ids on no schedule: unknown, hidden from the website, a flight the website does not show.
  // Each is a 404 in the envelope, in the request's language, and nothing is stored or queued.
  const outboxBefore = (await db.select().from(outbox)).length;
  const rowsBefore = (await db.select().from(alertSubscriptions)).length;
  for (const [body, language, message] of [
    [{ watch: "show", filter: "999999" }, "en", "This show is not on the schedule"],
    [{ watch: "show", filter: String(hidden!.id) }, "en", "This show is not on the schedule"],
    [{ watch: "flight", filter: String(local!.id) }, "en", "This flight is not on the schedule"],
    [{ watch: "flight", filter: "999999" }, "ar", "هذه الرحلة ليست على الجدول"],
    // The honeypot filled is answered as a person's request would be.
    [{ watch: "show", filter: "999999", website: "https://spam.example" }, "en", "This show is not on the schedule"],
  ] as const) {
    const answer = await ask(body, language);
    expect(answer.statusCode, JSON.stringify(body)).toBe(404);
    expect(answer.json()).toEqual({ success: false, statusCode: 404, message });
  }
  expect((await db.select().from(outbox)).length).toBe(outboxBefore);
  expect((await db.select().from(alertSubscriptions)).length).toBe(rowsBefore);
});

test("a choice of disciplines is one alert however it is spelled, and all of them is 'all'", async () => {
  const ask = (email: string, filter: string) =>
    api.app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions",
      remoteAddress: "10.30.0.1",
      payload: { email, watch: "shows", filter, language: "en" },
    });
  const filtersOf = async (email: string) =>
    (await api.database.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email))).map(
      (row) => row.filter,
    );
  const from = smtp.received.length;
  // Three spellings of one choice, each asked a minute after the last (a mailbox's three
  // mails of the day): one alert.
  for (const filter of ["3,1", "1,3,3", "01,3"]) {
    expect((await ask("spelling@example.com", filter)).statusCode, filter).toBe(202);
    await api.database.db
      .update(alertSubscriptions)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(alertSubscriptions.email, "spelling@example.com"));
  }
  expect(await filtersOf("spelling@example.com")).toEqual(["1,3"]);
  expect((await ask("every-discipline@example.com", "6,5,3,2,1")).statusCode).toBe(202);
  expect(await filtersOf("every-discipline@example.com")).toEqual(["all"]);
  // Each mail names a discipline once.
  const texts = (await deliver(from)).map((mail) => unfold(mail.raw));
  expect(texts.filter((text) => text.includes("about new show transport for Show Jumping, Dressage."))).toHaveLength(3);
  expect(texts.filter((text) => text.includes("about new show transport."))).toHaveLength(1);
});

test("a show recorded before names were kept and then gone is named by its number, never '#'", async () => {
  const db = api.database.db;
  const [show] = await db
    .insert(events)
    .values({ eventName: "Old Cup", disciplineId: 1, startDate: new Date("2027-04-02T06:00:00Z") })
    .returning();
  await watch();
  await deliver(smtp.received.length);
  await subscribeConfirmed(
    "nameless@example.com",
    { watch: "show", filter: String(show!.id), language: "en" },
    "10.31.0.1",
  );
  // As a row written before migration 0014 reads: no name kept.
  await db
    .update(alertSeen)
    .set({ label: null })
    .where(and(eq(alertSeen.kind, "show"), eq(alertSeen.itemId, show!.id)));
  await db.update(events).set({ showOnWebsite: false }).where(eq(events.id, show!.id));
  await watch();
  const mail = (await deliver(smtp.received.length)).find((m) => m.to[0] === "nameless@example.com");
  const text = unfold(mail?.raw ?? "");
  expect(text).toContain(`to tell you about changes to show ${show!.id}.`);
  expect(text).not.toContain("changes to the show #");
});

/** The mails `email` received since `from`, as its owner reads them (`unfold`). */
async function mailsTo(email: string, from = smtp.received.length): Promise<string[]> {
  return (await deliver(from)).filter((mail) => mail.to[0] === email).map((mail) => unfold(mail.raw));
}

/** A show on the website from `startDate`, named `eventName` and, in Arabic, `nameAr`. */
async function addShow(eventName: string, nameAr: string, startDate: string) {
  const [row] = await api.database.db
    .insert(events)
    .values({ eventName, disciplineId: 2, startDate: new Date(startDate), translations: { ar: { eventName: nameAr } } })
    .returning();
  return row!;
}

/** The `List-Unsubscribe` URL of a mail (`unfold`ed), and its manage page's link token. */
function linksOf(mail: string): { oneClick: URL; manageToken: string } {
  const oneClick = /List-Unsubscribe: <(https?:\/\/[^>]+)>/.exec(mail.replace(/\r?\n\s+/g, " "))?.[1];
  const manageToken = /\/alerts\/manage\/([\w.-]+)/.exec(mail)?.[1];
  expect(oneClick).toBeDefined();
  expect(manageToken).toBeDefined();
  return { oneClick: new URL(oneClick!), manageToken: manageToken! };
}

// Round twenty, the session's own diff: confirming one request rewrote the language of the
// address's requests not yet confirmed, part of their consent record.
test("confirming one request leaves another's language as asked until it is confirmed, then it is the address's", async () => {
  const email = "two-requests@example.com";
  const call = (path: string, token: string) =>
    api.app.inject({
      method: "POST",
      url: `/api/v1/alerts/subscriptions/${path}`,
      remoteAddress: "10.34.0.1",
      payload: { token },
    });
  const english = await askAlert(email, { watch: "shows", filter: "all", language: "en" }, "10.34.0.2");
  const arabic = await askAlert(email, { watch: "flights", filter: "all", language: "ar" }, "10.34.0.3");
  expect((await call("confirm", english)).statusCode).toBe(200);
  const pending = (await call("lookup", arabic)).json().data as {
    language: string;
    alerts: { watch: string; language: string }[];
  };
  // The address writes in English (its one confirmed alert's) while the Arabic request waits as asked.
  expect(pending.language).toBe("en");
  expect(pending.alerts.map((alert) => [alert.watch, alert.language])).toEqual([
    ["shows", "en"],
    ["flights", "ar"],
  ]);
  expect((await call("confirm", arabic)).json().data).toMatchObject({ language: "ar" });
  expect((await call("lookup", english)).json().data).toMatchObject({ language: "ar" });
});

test("an address has one mail language: confirming an alert in Arabic makes every alert mail Arabic, whichever matches", async () => {
  const email = "one-language@example.com";
  await watch();
  await deliver(smtp.received.length);
  const flights = await subscribeConfirmed(email, { watch: "flights", filter: "all", language: "en" }, "10.33.0.1");
  await subscribeConfirmed(email, { watch: "shows", filter: "all", language: "ar" }, "10.33.0.1");
  // The manage page's list: one language, the alert confirmed last's.
  const looked = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/lookup",
    remoteAddress: "10.33.0.1",
    payload: { token: flights },
  });
  const { language, alerts } = looked.json().data as { language: string; alerts: { language: string }[] };
  expect([language, ...alerts.map((alert) => alert.language)]).toEqual(["ar", "ar", "ar"]);

  // A new show alone (the Arabic alert matches), then a new show with a new flight (both match).
  const dressage = await addShow(
    "Abu Dhabi CDI3* Dressage",
    "بطولة أبوظبي \u2066CDI3*\u2069 للترويض",
    "2027-05-10T06:00:00Z",
  );
  await watch();
  const showOnly = await mailsTo(email);
  const cup = await addShow("Summer Cup", "كأس الصيف", "2027-05-20T06:00:00Z");
  const flight = await addFlight("Export", "2027-05-21T06:00:00Z");
  await watch();
  const both = await mailsTo(email);
  expect([showOnly.length, both.length]).toEqual([1, 1]);
  for (const mail of [...showOnly, ...both]) {
    expect(mail).toContain("Content-Language: ar");
    expect(mail).not.toMatch(/New show transport|New export flight/);
  }
  // The Arabic name keeps its isolate: the code reads "CDI3*" (`oneLine`).
  expect(showOnly[0]).toContain(`بطولة أبوظبي \u2066CDI3*\u2069 للترويض،`);
  expect(showOnly[0]).toContain(`http://localhost:3000/ar/transport/${dressage.id}`);
  expect(both[0]).toContain(`كأس الصيف،`);
  expect(both[0]).toContain(`http://localhost:3000/ar/transport/${cup.id}`);
  expect(both[0]).toContain(`http://localhost:3000/ar/flights/${flight.id}`);
});

test("one click from an older mail stops every alert of the address, after the mail's own alert was stopped", async () => {
  const email = "older-mail@example.com";
  await watch();
  await deliver(smtp.received.length);
  await subscribeConfirmed(email, { watch: "flights", filter: "import", language: "en" }, "10.34.0.1");
  const shows = await subscribeConfirmed(email, { watch: "shows", filter: "all", language: "en" }, "10.34.0.1");
  await addFlight("Import", "2027-06-01T06:00:00Z");
  await addShow("Older Mail Cup", "كأس الرسالة", "2027-06-02T06:00:00Z");
  await watch();
  const [mail] = await mailsTo(email);
  const { oneClick, manageToken } = linksOf(mail ?? "");
  // On the manage page the mail links to, its own alert is stopped alone.
  const stopOne = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/unsubscribe",
    remoteAddress: "10.34.0.1",
    payload: { token: manageToken, scope: "this" },
  });
  expect(stopOne.statusCode).toBe(200);
  // Later, the one click in that mail: it says no more alerts, and so it is.
  const clicked = await api.app.inject({
    method: "POST",
    url: oneClick.pathname + oneClick.search,
    remoteAddress: "10.34.0.1",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  expect(clicked.json()).toEqual({
    success: true,
    statusCode: 200,
    message: "You will receive no more alerts",
    data: { status: "unsubscribed" },
  });
  const left = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/lookup",
    remoteAddress: "10.34.0.1",
    payload: { token: shows },
  });
  expect(left.statusCode).toBe(404);
  await addShow("After The Click Cup", "كأس ما بعد النقرة", "2027-06-03T06:00:00Z");
  await watch();
  expect(await mailsTo(email)).toEqual([]);
  // A token that does not open (altered, or sealed under a key rotated since) stops nothing, and says so.
  const token = oneClick.searchParams.get("token") ?? "";
  const altered = await api.app.inject({
    method: "POST",
    url: `/api/v1/alerts/one-click?token=${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`,
    remoteAddress: "10.34.0.1",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  expect(altered.json()).toEqual({ success: false, statusCode: 404, message: "This alert link is no longer valid" });
});

test("the one-click link opened in a browser leads to the manage page in the mail's language and stops nothing", async () => {
  const email = "opened-link@example.com";
  const client = "10.35.0.1";
  await watch();
  await deliver(smtp.received.length);
  const own = await subscribeConfirmed(email, { watch: "shows", filter: "all", language: "ar" }, client);
  await addShow("Opened Link Cup", "كأس الرابط", "2027-07-01T06:00:00Z");
  await watch();
  const [mail] = await mailsTo(email);
  const { oneClick } = linksOf(mail ?? "");
  const open = (url: string) => api.app.inject({ method: "GET", url, remoteAddress: client });
  const lookup = (token: string) =>
    api.app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions/lookup",
      remoteAddress: client,
      payload: { token },
    });

  // Opened twice (a scanner, then its owner): each time a 303 to the Arabic manage page, nothing stopped.
  for (const time of [1, 2]) {
    const opened = await open(oneClick.pathname + oneClick.search);
    expect([opened.statusCode, opened.headers.location], `open ${time}`).toEqual([303, `/ar/alerts/manage/${own}`]);
    expect(opened.body).toBe("");
    expect(opened.headers["cache-control"]).toBe("no-store");
  }
  expect((await lookup(own)).json().data).toMatchObject({ confirmed: true, language: "ar" });
  // An older mail's link (its subscription's token) leads there too.
  const older = await open(`/api/v1/alerts/one-click?token=${own}`);
  expect([older.statusCode, older.headers.location]).toEqual([303, `/ar/alerts/manage/${own}`]);
  // Once the alerts are stopped, to the page of the link itself, which says it is no longer valid.
  await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/unsubscribe",
    remoteAddress: client,
    payload: { token: own },
  });
  const token = oneClick.searchParams.get("token");
  const stopped = await open(oneClick.pathname + oneClick.search);
  expect([stopped.statusCode, stopped.headers.location]).toEqual([303, `/ar/alerts/manage/${token}`]);
  // A token of the wrong shape is refused as on the POST.
  expect((await open("/api/v1/alerts/one-click?token=a.short")).statusCode).toBe(400);
});
