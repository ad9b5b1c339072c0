import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { blogs } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { buildHost, type Host, webBuildDir } from "./host.ts";
import { sendAsIs } from "./testing.ts";

/**
 * Reads cost what they should (decision 022): a query a page does not read is answered from
 * the canonical copy, other spellings are redirected to it, renders and API reads have a
 * budget per client, public lists are kept by their normalised query, and a page whose API
 * read failed answers 503 that nobody keeps. The host as `npm start` runs it, with small
 * budgets and a clock the tests move.
 */
let host: Host;
let database: DbHandle;
let dataDir: string;
let clock = 1_000_000;
const BUDGETS = { renders: { max: 4, windowMs: 60_000 }, apiReads: { max: 5, windowMs: 60_000 } };

beforeAll(async () => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-reads-"));
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" });
  database = await createTestDb();
  host = await buildHost({ env, logger: false, database, readBudgets: { ...BUDGETS, now: () => clock } });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new client each time: an IPv4 address of its own. */
let clients = 0;
const newClient = () => `198.51.100.${++clients}`;
/** A fresh budget window for every client (the tests share one host). */
const nextWindow = () => {
  clock += 60_000;
};

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  host.app.inject({ method: "GET", url, remoteAddress, headers: { "accept-encoding": "identity", ...headers } });

describe("a query the page does not read", () => {
  test("/flights?cb=<n> is answered from the one copy of /flights, never rendered again", async () => {
    nextWindow();
    const client = newClient();
    const canonical = await get("/flights", client);
    expect(canonical.statusCode).toBe(200);
    // Far more cache busters than the client's render budget (4): none renders, none is refused.
    for (let n = 1; n <= 12; n++) {
      const busted = await get(`/flights?cb=${n}`, client);
      expect([busted.statusCode, busted.headers["x-page-cache"]], `cb=${n}`).toEqual([200, "hit"]);
      expect(busted.body).toBe(canonical.body);
    }
    const campaign = await get("/transport?discipline=dressage&utm_source=mail&fbclid=x", client);
    expect(campaign.statusCode).toBe(200);
    expect(campaign.body).not.toContain("utm_source");
    expect((await get("/transport?utm_medium=a&discipline=dressage", client)).headers["x-page-cache"]).toBe("hit");
    expect((await get("/aboutus?utm_source=mail", client)).statusCode).toBe(200);
    expect((await get("/aboutus?x=1", client)).headers["x-page-cache"]).toBe("hit");
  });

  test("another spelling of a page or of its filter is redirected (301) to the canonical URL, keeping the rest", async () => {
    nextWindow();
    const client = newClient();
    const [blog] = await database.db.select({ id: blogs.id }).from(blogs).limit(1);
    const redirects: [string, string][] = [
      ["/TrAnSpOrT", "/transport"],
      ["/%74ransport", "/transport"],
      ["/transport/", "/transport"],
      ["/transport//", "/transport"],
      ["/ar/contact-us///?x=1", "/ar/contact-us?x=1"],
      ["/ar/Flights?type=IMPORT", "/ar/flights?type=import"],
      ["/flights?type=Import&utm_source=mail", "/flights?type=import&utm_source=mail"],
      ["/flights?utm_source=mail&type=export&type=import", "/flights?type=export&utm_source=mail"],
      ["/transport?show=48&discipline=dressage", "/transport?discipline=dressage&show=48"],
      ["/transport?discipline=not-a-discipline&cb=9", "/transport?cb=9"],
      ["/transport?show=7", "/transport"],
      ["/transport?show=30", "/transport?show=48"],
      ["/transport?show=9600", "/transport?show=120"],
      ["/flights?show=junk", "/flights"],
      ["/qr", "/QR"],
      ["/khayl-app", "/Khayl-App"],
      [`/Blogs/${blog!.id}`, `/blogs/${blog!.id}`],
    ];
    for (const [url, location] of redirects) {
      const answer = await get(url, client);
      expect([answer.statusCode, answer.headers.location], url).toEqual([301, location]);
    }
    // Redirects render nothing: the client's render budget is untouched.
    const invoice = await get("/invoice/not-a-real-link", client);
    expect(invoice.statusCode).not.toBe(301);
    expect((await get("/Calendar/Shows.ics", client)).statusCode).not.toBe(301);
  });
});

describe("render budget per client", () => {
  test("renders no copy answers are counted; past the budget 429 with retry-after, in the page's language", async () => {
    nextWindow();
    const [blog] = await database.db.select({ id: blogs.id }).from(blogs).limit(1);
    const client = newClient();
    // /blogs/000{id} is no canonical URL the site writes: it is rendered for each request.
    for (let i = 0; i < BUDGETS.renders.max; i++)
      expect((await get(`/blogs/000${blog!.id}`, client)).statusCode).toBe(404);
    const refused = await get(`/blogs/000${blog!.id}`, client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBe(60);
    expect(refused.headers["cache-control"]).toMatch(/no-store/);
    expect(refused.headers["content-type"]).toMatch(/text\/html/);
    expect(refused.body).toContain("Too many requests");
    const arabic = await get("/ar/blogs/0001", client);
    expect(arabic.statusCode).toBe(429);
    expect(arabic.body).toContain('lang="ar"');
    expect(arabic.body).toContain("طلبات كثيرة جدًا");

    // Another client is not refused; a kept page is never refused, even to this client.
    expect((await get(`/blogs/000${blog!.id}`, newClient())).statusCode).toBe(404);
    await get("/release-logs", newClient());
    expect((await get("/release-logs", client)).headers["x-page-cache"]).toBe("hit");
    expect((await get("/release-logs?cb=1", client)).statusCode).toBe(200);

    // A new window gives the budget back.
    clock += BUDGETS.renders.windowMs;
    expect((await get(`/blogs/000${blog!.id}`, client)).statusCode).toBe(404);
  });

  test("on a private page the 429 screen keeps that page's headers: kept, indexed and referred by no one", async () => {
    nextWindow();
    const client = newClient();
    // A link that opens no invoice is still a private page, rendered (and counted) each time.
    for (let i = 0; i < BUDGETS.renders.max; i++) await get("/invoice/not-a-real-link", client);
    for (const url of ["/invoice/not-a-real-link", "/ar/invoice/not-a-real-link"]) {
      const refused = await get(url, client);
      expect(refused.statusCode, url).toBe(429);
      expect(
        [
          refused.headers["cache-control"],
          refused.headers["referrer-policy"],
          refused.headers["x-robots-tag"],
          refused.headers["cross-origin-opener-policy"],
        ],
        url,
      ).toEqual(["private, no-store", "strict-origin", "noindex, nofollow", "same-origin"]);
    }
    // The same screen on a public page keeps the site's referrer policy.
    const onPublic = await get("/blogs/0001", client);
    expect([onPublic.statusCode, onPublic.headers["referrer-policy"]]).toEqual([
      429,
      "strict-origin-when-cross-origin",
    ]);
  });

  test("an IPv6 /64 is one client", async () => {
    nextWindow();
    for (let i = 0; i < BUDGETS.renders.max; i++)
      expect((await get("/aboutus.data", `2001:db8:7:7::${i + 1}`)).statusCode).toBe(200);
    expect((await get("/aboutus.data", "2001:db8:7:7::ffff")).statusCode).toBe(429);
    expect((await get("/aboutus.data", "2001:db8:7:8::1")).statusCode).toBe(200);
  });
});

describe("API reads", () => {
  test("a client past its budget of API GETs gets 429 with the envelope and retry-after; another does not", async () => {
    nextWindow();
    const client = newClient();
    for (let i = 0; i < BUDGETS.apiReads.max; i++)
      expect((await get("/api/v1/configurations/", client)).statusCode).toBe(200);
    const refused = await get("/api/v1/configurations/", client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("60");
    expect(refused.json()).toEqual({
      success: false,
      statusCode: 429,
      message: "Too many requests, please try again in 60 seconds",
    });
    expect((await get("/api/v1/configurations/", newClient())).statusCode).toBe(200);
  });

  test("every GET of the served OpenAPI document lists the budget's 429 with retry-after, as a client past it gets", async () => {
    nextWindow();
    type Operation = { operationId: string; responses: Record<string, { headers?: Record<string, unknown> }> };
    const served = await get("/api/docs/json", newClient());
    const paths = (served.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    const reads = Object.entries(paths).flatMap(([path, item]) => (item.get ? [{ path, operation: item.get }] : []));
    expect(reads.length).toBeGreaterThanOrEqual(12);
    const client = newClient();
    for (let i = 0; i < BUDGETS.apiReads.max; i++) await get("/api/v1/configurations/", client);
    for (const { path, operation } of reads) {
      const refused = await get(`/api/v1${path.replace(/\{[^}]+\}/g, "1")}`, client);
      expect([refused.statusCode, refused.headers["retry-after"]], path).toEqual([429, "60"]);
      expect(operation.responses["429"]?.headers?.["retry-after"], operation.operationId).toBeDefined();
    }
  });

  test("the budget counts an API read however its path is spelled: percent-encoded, or in absolute form", async () => {
    nextWindow();
    const client = newClient();
    for (const spelling of ["/%61pi/v1/configurations/", "/api/v1/configurations/", "/%61%70%69/v1/configurations/"])
      expect((await get(spelling, client)).statusCode, spelling).toBe(200);
    expect((await get("/api/v1/configurations/", client)).statusCode).toBe(200);
    expect((await get("/%61pi/v1/configurations/", client)).statusCode).toBe(200);
    expect((await get("/%61pi/v1/configurations/", client)).statusCode).toBe(429);
    // The absolute form, over a socket (inject would resolve it first), from 127.0.0.1.
    nextWindow();
    const absolute = () => sendAsIs(host, { path: "http://127.0.0.1/api/v1/configurations/" });
    for (let i = 0; i < BUDGETS.apiReads.max; i++) expect((await absolute()).statusCode).toBe(200);
    expect((await absolute()).statusCode).toBe(429);
  });

  test("a page's own API reads are not counted against its visitor", async () => {
    nextWindow();
    const client = newClient();
    // Home reads three lists (nothing earlier in this file read them): its visitor keeps its
    // whole budget of API reads.
    expect((await get("/_root.data", client)).statusCode).toBe(200);
    for (let i = 0; i < BUDGETS.apiReads.max; i++)
      expect((await get("/api/v1/configurations/", client)).statusCode).toBe(200);
  });

  test("a list answer is kept by its normalised query: another order or an explicit default is a hit", async () => {
    nextWindow();
    const first = await get("/api/v1/blog/getWebsiteBlogs?limit=7&offset=0", newClient());
    expect([first.statusCode, first.headers["x-api-cache"]]).toEqual([200, "miss"]);
    const reordered = await get("/api/v1/blog/getWebsiteBlogs?offset=0&limit=7", newClient());
    expect([reordered.statusCode, reordered.headers["x-api-cache"]]).toEqual([200, "hit"]);
    expect(reordered.json()).toEqual(first.json());
    const arabic = await get("/api/v1/blog/getWebsiteBlogs?offset=0&limit=7", newClient(), { language: "ar" });
    expect(arabic.headers["x-api-cache"]).toBe("miss");
    expect((await get("/api/v1/blog/getWebsiteBlogs?limit=1000&offset=999999", newClient())).statusCode).toBe(200);

    // A content change empties it (the database's notice, decision 017).
    const [blog] = await database.db
      .insert(blogs)
      .values({ title: "Answer cache: new", summary: "s", date: new Date("2099-01-01T00:00:00Z"), content: "<p>x</p>" })
      .returning({ id: blogs.id });
    await vi.waitFor(
      async () => {
        const again = await get("/api/v1/blog/getWebsiteBlogs?offset=0&limit=7", newClient());
        expect(JSON.stringify(again.json())).toContain("Answer cache: new");
      },
      { timeout: 5_000, interval: 50 },
    );
    await database.db.delete(blogs).where(sql`${blogs.id} = ${blog!.id}`);
  });

  test("the host's own read that says Cache-Control: no-cache (the alerts watcher's) is read anew, and kept for the next", async () => {
    nextWindow();
    const url = "/api/v1/selective-services/website?limit=5&offset=0";
    // Kept (on PostgreSQL a content change's notice from the test before may empty the cache
    // a moment later: asked again until it is kept).
    await vi.waitFor(async () => expect((await get(url, newClient())).headers["x-api-cache"]).toBe("hit"), {
      timeout: 5_000,
      interval: 50,
    });
    // From anyone else it changes nothing: each read would be a query (decision 022).
    expect((await get(url, newClient(), { "cache-control": "no-cache" })).headers["x-api-cache"]).toBe("hit");
    const fresh = await get(url, newClient(), { "cache-control": "no-cache", ...host.ownRead });
    expect([fresh.statusCode, fresh.headers["x-api-cache"]]).toEqual([200, "miss"]);
    expect((await get(url, newClient())).headers["x-api-cache"]).toBe("hit");
  });
});

describe("a page whose API read failed", () => {
  /** The content tables behind the pages' lists, made unreadable for a moment. */
  const tables = ["selective_services", "events", "blogs", "release_notes", "release_logs", "legal_documents"];
  const breakTables = async () => {
    for (const table of tables) await database.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  };
  const restoreTables = async () => {
    for (const table of tables) await database.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  };

  test("answers 503 'temporarily unavailable' in its language, is kept by nobody, and recovers", async () => {
    nextWindow();
    await breakTables();
    try {
      for (const url of ["/flights?type=export", "/flights?type=export"]) {
        const page = await get(url, newClient());
        expect(page.statusCode, url).toBe(503);
        expect(page.headers["x-page-cache"]).toBeUndefined();
        expect(page.headers["cache-control"]).toMatch(/no-store/);
        expect(page.body).toContain("Temporarily unavailable");
      }
      // Every page that reads a list or a document (none read yet in Arabic by this file).
      for (const url of [
        "/ar",
        "/ar/transport",
        "/ar/flights",
        "/ar/blogs",
        "/ar/release-note",
        "/ar/release-logs",
        "/ar/privacy-policy",
      ]) {
        const page = await get(url, newClient());
        expect(page.statusCode, url).toBe(503);
        expect(page.headers["cache-control"], url).toMatch(/no-store/);
        expect(page.body, url).toContain("غير متاح مؤقتًا");
        // Titled by what happened (no message id of the page's unloaded texts), not indexed.
        expect(page.body, url).toMatch(/<title>غير متاح مؤقتًا \| [^<]+<\/title>/);
        expect(page.body, url).toContain('<meta name="robots" content="noindex"/>');
        // Inside the site's header and footer: the way to the contact page and WhatsApp stays.
        if (url !== "/ar/release-note") expect(page.body, url).toContain('href="/ar/contact-us"');
      }
    } finally {
      await restoreTables();
    }
    const recovered = await get("/flights?type=export", newClient());
    expect(recovered.statusCode).toBe(200);
    expect(recovered.body).not.toContain("Temporarily unavailable");
    expect((await get("/ar/transport", newClient())).statusCode).toBe(200);
  });
});
