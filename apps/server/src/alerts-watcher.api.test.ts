import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { openedOutbox } from "@khayl/api/modules/mail/testing";
import { loadSecretKey, secretKeysOf } from "@khayl/api/secret-key";
import { parseEnv } from "@khayl/config/env";
import { ALERT_CONSENT_VERSION } from "@khayl/contract/alerts";
import { alertSeen, alertSubscriptions, events, outbox, selectiveServices } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { buildHost, webBuildDir } from "./host.ts";

/**
 * The host's alerts watcher (decision 028): started with the host, run every
 * `ALERTS_INTERVAL_SECONDS` on a controlled clock (only `setInterval` is faked: the watcher
 * is the host's one interval), stopped on close; under `API_URL` it reads the provider,
 * while the subscriptions stay in the site's own database.
 */
beforeAll(() => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent -w @khayl/web", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
}, 120_000);

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const INTERVAL_MS = 60_000;

/** A host on a fresh test database, with the watcher's interval on a fake clock. */
async function hostWith(variables: Record<string, string> = {}) {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-alerts-watcher-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await createTestDb();
  cleanups.push(() => database.close());
  const env = parseEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    SECRET_KEY: randomBytes(32).toString("hex"),
    ALERTS_INTERVAL_SECONDS: String(INTERVAL_MS / 1000),
    ...variables,
  });
  const host = await buildHost({ env, logger: false, database, seed: false });
  let closed = false;
  cleanups.push(() => closed || host.close());
  return {
    db: database.db,
    app: host.app,
    /** The mails queued to `to`, opened (they wait sealed under the server secret). */
    mailsTo: async (to: string) =>
      openedOutbox(database.db, secretKeysOf(await loadSecretKey(env)).sealer, eq(outbox.to, to)),
    close: async () => {
      closed = true;
      await host.close();
    },
  };
}

/**
 * A provider API behind `API_URL` that has the schedules but no alert endpoints: `rowsOf`
 * answers a path's rows (in the request's `language`), one item (an object, for a show's or
 * flight's own path), undefined for a 404 in the envelope, or a status to fail with.
 * `requests` lists what it was asked (`GET /path language`); closed after the test.
 */
async function startProvider(
  rowsOf: (path: string, language: string | undefined) => unknown[] | object | number | string | undefined,
) {
  const requests: string[] = [];
  const provider: Server = createServer((req, res) => {
    const path = req.url?.split("?")[0] ?? "";
    const language = req.headers.language === undefined ? undefined : String(req.headers.language);
    requests.push(`${req.method} ${path} ${language}`);
    const answer = rowsOf(path, language);
    if (typeof answer === "string") {
      // A page of its own (a proxy's, a wrong path's): not the API's envelope.
      res.statusCode = 404;
      res.setHeader("content-type", "text/html");
      res.end(answer);
      return;
    }
    res.setHeader("content-type", "application/json");
    res.statusCode = typeof answer === "number" ? answer : answer ? 200 : 404;
    const data = Array.isArray(answer) ? { rows: answer, count: answer.length } : answer;
    res.end(
      JSON.stringify(
        res.statusCode === 200
          ? { success: true, statusCode: 200, message: "ok", data }
          : { success: false, statusCode: res.statusCode, message: "Not found" },
      ),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => provider.close(resolve)));
  return { url: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`, requests };
}

/** Polls `condition` (real time, 25 ms apart) until it holds; fails after 5 s. */
async function until(condition: () => Promise<boolean> | boolean, what: string) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > 5_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A moment of real time for a run that should not start (a started one would be under way). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

test("the host runs the watcher every ALERTS_INTERVAL_SECONDS on its own API and stops it on close", async () => {
  const { db, close } = await hostWith();
  const seen = async () => (await db.select().from(alertSeen)).map((r) => `${r.kind}:${r.itemId}`).sort();
  expect(vi.getTimerCount()).toBe(1);

  vi.advanceTimersByTime(INTERVAL_MS - 1);
  await settle();
  expect(await seen()).toEqual([]);
  vi.advanceTimersByTime(1); // the first run records a baseline
  await until(async () => (await seen()).includes("baseline:0"), "the first run");

  const [show] = await db.insert(events).values({ eventName: "Spring Cup", disciplineId: 1 }).returning();
  // On PostgreSQL the change reaches the API's answer cache by NOTIFY, a moment later
  // (decision 022): a run just before it still reads the cached schedule, the next one sees it.
  await until(async () => {
    vi.advanceTimersByTime(INTERVAL_MS);
    await settle();
    return (await seen()).includes(`show:${show!.id}`);
  }, "a later run");

  await close();
  expect(vi.getTimerCount()).toBe(0);
  const [later] = await db.insert(events).values({ eventName: "Autumn Cup", disciplineId: 1 }).returning();
  vi.advanceTimersByTime(3 * INTERVAL_MS);
  await settle();
  expect(await seen()).not.toContain(`show:${later!.id}`);
});

test("under API_URL the host's watcher reads the provider, in Arabic too for an Arabic subscriber, until close", async () => {
  const { url, requests } = await startProvider((path, language) =>
    path.startsWith("/selective-services/")
      ? [{ id: 700, type: "Export", startDate: "2027-04-01T06:00:00.000Z" }]
      : [{ id: 800, eventName: language === "ar" ? "كأس الربيع" : "Spring Cup" }],
  );
  const { db, close } = await hostWith({ API_URL: url });
  await db.insert(alertSubscriptions).values({
    email: "arabic@example.com",
    watch: "shows",
    filter: "all",
    language: "ar",
    nonce: "n",
    consentVersion: ALERT_CONSENT_VERSION,
    confirmedAt: new Date(),
  });

  vi.advanceTimersByTime(INTERVAL_MS);
  await until(async () => (await db.select().from(alertSeen)).length === 3, "a run on the provider's schedule");
  const seen = (await db.select().from(alertSeen)).map((r) => `${r.kind}:${r.itemId}`).sort();
  expect(seen).toEqual(["baseline:0", "flight:700", "show:800"]);
  expect(requests.sort()).toEqual([
    "GET /event-services/website ar",
    "GET /event-services/website en",
    "GET /selective-services/website ar",
    "GET /selective-services/website en",
  ]);

  await close();
  requests.length = 0;
  vi.advanceTimersByTime(3 * INTERVAL_MS);
  await settle();
  expect(requests).toEqual([]);
});

test("under API_URL an alert on one show is named from the provider; one it lacks is refused; with it down, still taken", async () => {
  let down = false;
  const { url } = await startProvider((path, language) => {
    if (down) return 503;
    if (path === "/event-services/website/800")
      return { id: 800, eventName: language === "ar" ? "كأس الربيع" : "Spring Cup" };
    if (path === "/event-services/website/802") return "<h1>404 Not Found</h1>";
    return path.endsWith("/website") ? [] : undefined;
  });
  const { app, mailsTo } = await hostWith({ API_URL: url, PUBLIC_URL: "http://localhost:3000" });
  const ask = (email: string, filter: string, language = "en") =>
    app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions",
      headers: { language },
      payload: { email, watch: "show", filter, language },
    });

  expect((await ask("named@example.com", "800")).statusCode).toBe(202);
  expect((await mailsTo("named@example.com"))[0]?.text).toContain("about changes to the show Spring Cup.");
  expect((await ask("named-ar@example.com", "800", "ar")).statusCode).toBe(202);
  expect((await mailsTo("named-ar@example.com"))[0]?.text).toContain("تغييرات البطولة كأس الربيع");

  const refused = await ask("unknown@example.com", "801");
  expect(refused.statusCode).toBe(404);
  expect(refused.json()).toEqual({ success: false, statusCode: 404, message: "This show is not on the schedule" });
  expect(await mailsTo("unknown@example.com")).toEqual([]);
  // A 404 that is not the provider's answer (a proxy's page) says nothing about the show: taken, by its number.
  expect((await ask("proxy-page@example.com", "802")).statusCode).toBe(202);
  expect((await mailsTo("proxy-page@example.com"))[0]?.text).toContain("about changes to show 802.");

  // The provider not answering loses nobody's request: the alert is taken, named by its number.
  down = true;
  expect((await ask("while-down@example.com", "800")).statusCode).toBe(202);
  expect((await mailsTo("while-down@example.com"))[0]?.text).toContain("about changes to show 800.");
});

test("a run slower than the interval is not joined by the next one", async () => {
  // A provider that holds its answers until released: the first run is still reading when
  // the next two intervals end.
  const asked: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const provider: Server = createServer((req, res) => {
    asked.push(req.url?.split("?")[0] ?? "");
    void held.then(() => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ success: true, statusCode: 200, message: "ok", data: { rows: [], count: 0 } }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => provider.close(resolve)));
  cleanups.push(release);
  const { db } = await hostWith({ API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}` });

  vi.advanceTimersByTime(INTERVAL_MS);
  await until(() => asked.length > 0, "the first run to ask the provider");
  await settle(); // its reads of both schedules may go out side by side
  const firstRun = asked.length;
  vi.advanceTimersByTime(2 * INTERVAL_MS);
  await settle();
  expect(asked).toHaveLength(firstRun);
  release();
  await until(async () => (await db.select().from(alertSeen)).length === 1, "the first run to record its baseline");
  vi.advanceTimersByTime(INTERVAL_MS); // the next interval after it ends runs again
  await until(() => asked.length > firstRun, "the next run");
});

test("slow: under API_URL, with no database given, the site keeps alerts in its own DATA_DIR and mails the provider's news", async () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };
  let flights = [{ id: 700, type: "Export", startDate: "2027-04-01T06:00:00.000Z" }];
  // The provider has the schedules, and no alert endpoints (nor demo data of this site).
  const provider = await startProvider((path) =>
    path.startsWith("/selective-services/") ? flights : path.startsWith("/event-services/") ? [] : undefined,
  );
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-alerts-provider-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = parseEnv({
    DATA_DIR: dataDir,
    API_URL: provider.url,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    ALERTS_INTERVAL_SECONDS: String(INTERVAL_MS / 1000),
  });
  const host = await buildHost({ env, logger: false });
  cleanups.push(() => host.close());
  const { db } = host.database;
  const { sealer } = secretKeysOf(await loadSecretKey(env));
  const mailsTo = (to: string) => openedOutbox(db, sealer, eq(outbox.to, to));

  const page = await host.app.inject({ url: "/flights" });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('action="/alerts"');
  const asked = await host.app.inject({
    method: "POST",
    url: "/alerts",
    headers: form,
    payload: "watch=flights&filter=export&language=en&email=owner%40example.com",
  });
  expect(asked.statusCode).toBe(200);
  expect(asked.body).toContain("Check your mail");
  const [confirmation] = await mailsTo("owner@example.com");
  const token = /\/alerts\/confirm\/([A-Za-z0-9._-]+)/.exec(confirmation?.text ?? "")?.[1];
  expect(token).toBeDefined();

  const confirmed = await host.app.inject({ method: "POST", url: `/alerts/confirm/${token}`, headers: form });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.body).toContain("<title>Alerts confirmed |");
  // Opened again, the link's page says so in its heading and its title alike.
  const again = await host.app.inject({ url: `/alerts/confirm/${token}` });
  expect(again.body).toContain("<title>Alerts confirmed |");
  expect(again.body).toMatch(/<h1[^>]*>Alerts confirmed<\/h1>/);
  const [subscription] = await db.select().from(alertSubscriptions);
  expect(subscription?.confirmedAt).toBeInstanceOf(Date);
  expect(provider.requests.filter((request) => request.includes("/alerts"))).toEqual([]);
  // The schedules are the provider's: no demo data was seeded into the site's database.
  expect(await db.select().from(selectiveServices)).toEqual([]);
  expect(await db.select().from(events)).toEqual([]);

  vi.advanceTimersByTime(INTERVAL_MS); // the first run records the provider's schedule as a baseline
  await until(async () => (await db.select().from(alertSeen)).some((r) => r.itemId === 700), "the first run");
  flights = [...flights, { id: 701, type: "Export", startDate: "2027-05-02T06:00:00.000Z" }];
  vi.advanceTimersByTime(INTERVAL_MS);
  await until(async () => (await mailsTo("owner@example.com")).length === 2, "the digest of the new flight");
  const digest = (await mailsTo("owner@example.com"))[1];
  expect(digest?.kind).not.toBe(confirmation?.kind);
  expect(digest?.text).toMatch(/\/alerts\/manage\//);
}, 90_000); // its own PGlite database boots and migrates inside the test: slow on a loaded 2-core host
