import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { DbHandle } from "@khayl/db/client";
import { blogs } from "@khayl/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Host } from "./host.ts";
import { expectSecurityHeaders, startTestHost, type TestHost } from "./testing.ts";

/**
 * The page cache of the one process as `npm start` runs it (production web build,
 * in-process API, test database; moved out of host.api.test.ts, decision 025). `npm test`
 * builds the web app first; a lone run of this file builds it when missing.
 */
let testHost: TestHost;
let host: Host;
let database: DbHandle;

beforeAll(async () => {
  testHost = await startTestHost("page-cache", { TRUST_PROXY: "loopback", DEMO_ON_PUBLIC_ADDRESS: "true" });
  ({ host, database } = testHost);
}, 120_000);

afterAll(() => testHost?.close());

describe("page cache (decision 017)", () => {
  test("a public page is rendered once and then served from memory, with the same ETag and body", async () => {
    const first = await host.app.inject({ url: "/aboutus", headers: { "accept-encoding": "identity" } });
    const second = await host.app.inject({ url: "/aboutus", headers: { "accept-encoding": "identity" } });
    expect(first.statusCode).toBe(200);
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    expect(second.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(String(second.headers.vary)).toMatch(/accept-encoding/i);
    expect(second.headers["set-cookie"]).toBeUndefined();
    expectSecurityHeaders(second.headers);
  });

  test("If-None-Match with the page's ETag answers 304 without a body", async () => {
    const page = await host.app.inject("/flights");
    const again = await host.app.inject({ url: "/flights", headers: { "if-none-match": String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const stale = await host.app.inject({ url: "/flights", headers: { "if-none-match": '"not-this-one"' } });
    expect(stale.statusCode).toBe(200);
  });

  test("brotli, gzip and plain copies of a kept page decode to the same HTML", async () => {
    const plain = await host.app.inject({ url: "/transport", headers: { "accept-encoding": "identity" } });
    const gzipped = await host.app.inject({ url: "/transport", headers: { "accept-encoding": "gzip" } });
    const brotli = await host.app.inject({ url: "/transport", headers: { "accept-encoding": "gzip, br" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.rawPayload.length);
  });

  test("each encoding of a kept page has its own strong ETag, and only its own answers 304", async () => {
    const asked = async (encoding: string, ifNoneMatch?: string) =>
      host.app.inject({
        url: "/release-logs",
        headers: { "accept-encoding": encoding, ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}) },
      });
    await asked("identity");
    const [plain, gzipped, brotli] = await Promise.all([asked("identity"), asked("gzip"), asked("br")]);
    const etags = [plain, gzipped, brotli].map((answer) => String(answer.headers.etag));
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Set(etags).size).toBe(3);
    expect((await asked("br", etags[2])).statusCode).toBe(304);
    expect((await asked("gzip", etags[1])).statusCode).toBe(304);
    expect((await asked("identity", `"x", ${etags[0]}`)).statusCode).toBe(304);
    // A client holding the plain copy that now accepts brotli gets the brotli bytes, not a 304.
    const changed = await asked("br", etags[0]);
    expect([changed.statusCode, changed.headers["content-encoding"], changed.headers.etag]).toEqual([
      200,
      "br",
      etags[2],
    ]);
  });

  test("invoice pages and route data are never kept", async () => {
    const [invoice] = host.seeded?.invoiceLinks ?? [];
    for (let i = 0; i < 2; i++) {
      const page = await host.app.inject(`/invoice/${invoice!.hash}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-page-cache"]).toBeUndefined();
      expect(page.headers["cache-control"]).toMatch(/no-store/);
      expect(page.headers.etag).toBeUndefined();
    }
    for (const url of ["/aboutus.data", "/aboutus.data?utm_source=mail"]) {
      await host.app.inject(url);
      const again = await host.app.inject(url);
      expect(again.headers["x-page-cache"], url).toBeUndefined();
    }
    const filtered = await host.app.inject("/flights?type=import");
    expect(filtered.headers["x-page-cache"]).toBeDefined();
  });

  test("only a page's canonical URL is kept; a spelling not redirected to it is rendered for itself", async () => {
    const [blog] = await database.db.select({ id: blogs.id }).from(blogs).limit(1);
    const kept = [
      "/transport?discipline=dressage",
      "/ar/transport?discipline=endurance",
      "/QR",
      "/Khayl-App",
      `/blogs/${blog!.id}`,
    ];
    for (const url of kept) {
      await host.app.inject(url);
      const again = await host.app.inject(url);
      expect([again.statusCode, again.headers["x-page-cache"]], url).toEqual([200, "hit"]);
    }
    // Other spellings of these pages answer 301 to them (reads.api.test.ts); an id the site
    // never writes is no page of its own (404), rendered for that request alone.
    const notKept = [`/blogs/000${blog!.id}`, `/blogs/0x${blog!.id}`, `/ar/blogs/0${blog!.id}?cb=1`];
    for (const url of notKept) {
      await host.app.inject(url);
      const again = await host.app.inject(url);
      expect([again.statusCode, again.headers["x-page-cache"]], url).toEqual([404, undefined]);
    }
  });

  test("a `show` past the list's end is redirected to the whole list and never kept", async () => {
    // The demo lists fewer than 25 dressage shows and import flights: one step shows each whole.
    const past: [string, string][] = [
      ["/transport?discipline=dressage&show=48", "/transport?discipline=dressage"],
      ["/flights?show=72", "/flights"],
      ["/ar/flights?type=import&show=1008", "/ar/flights?type=import"],
    ];
    for (const [url, location] of past) {
      await host.app.inject(url);
      const again = await host.app.inject(url);
      expect(
        [again.statusCode, again.headers.location, again.headers["x-page-cache"], again.headers["cache-control"]],
        url,
      ).toEqual([302, location, undefined, "private, no-store"]);
      const whole = await host.app.inject(location);
      expect(whole.statusCode, location).toBe(200);
      expect(whole.body, location).not.toContain("show=48");
    }
  });

  test("HEAD is answered from the kept copy: the GET's headers without a body, and a cold HEAD fills it", async () => {
    const head = await host.app.inject({
      method: "HEAD",
      url: "/privacy-policy",
      headers: { "accept-encoding": "identity" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    const get = await host.app.inject({ url: "/privacy-policy", headers: { "accept-encoding": "identity" } });
    expect(get.headers["x-page-cache"]).toBe("hit");
    expect(get.body).toContain("</html>");
    const again = await host.app.inject({
      method: "HEAD",
      url: "/privacy-policy",
      headers: { "accept-encoding": "identity" },
    });
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.headers.etag).toBe(get.headers.etag);
    expect(again.headers["content-length"]).toBe(String(Buffer.byteLength(get.body)));
    expect(again.body).toBe("");
  });

  test("HEAD of a page no copy answers (a private one, a spelling rendered for itself) sends the GET's headers, no body", async () => {
    const hash = host.seeded?.invoiceLinks[0]?.hash;
    if (!hash) throw new Error("the demo invoices are missing");
    const [blog] = await database.db.select({ id: blogs.id }).from(blogs).limit(1);
    for (const url of [`/invoice/${hash}`, `/ar/invoice/${hash}`, `/blogs/000${blog?.id}`]) {
      const get = await host.app.inject({ url, headers: { "accept-encoding": "identity" } });
      const head = await host.app.inject({ method: "HEAD", url, headers: { "accept-encoding": "identity" } });
      expect([head.statusCode, head.body], url).toEqual([get.statusCode, ""]);
      expect(head.headers["x-page-cache"], url).toBeUndefined();
      for (const name of ["content-type", "cache-control", "cross-origin-opener-policy", "referrer-policy", "vary"])
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      // The page's policy (its nonce differs from one render to the next), not the API's `default-src 'none'`.
      const policy = (answer: typeof get) =>
        String(answer.headers["content-security-policy"]).replace(/'nonce-[^']+'/, "");
      expect(policy(head), url).toBe(policy(get));
      expect(head.headers["content-length"], url).toBeUndefined();
    }
  });

  test("the English home kept for everyone still sends a visitor who chose Arabic to /ar", async () => {
    await host.app.inject("/");
    expect((await host.app.inject("/")).headers["x-page-cache"]).toBe("hit");
    const chose = await host.app.inject({ url: "/", headers: { cookie: "theme=x; lang=ar" } });
    expect(chose.statusCode).toBe(302);
    expect(chose.headers.location).toBe("/ar");
    // The redirect is this visitor's: no shared cache may keep it for everyone.
    expect(chose.headers["cache-control"]).toBe("private, no-store");
    expect(String(chose.headers.vary)).toMatch(/cookie/i);
    expect(String((await host.app.inject("/")).headers.vary)).toMatch(/cookie/i);
  });

  test("a content page renders to the same bytes every time: once the cache is emptied, a visitor's ETag still answers 304", async () => {
    const etagOf = async (url: string) => {
      await host.app.inject(url);
      const kept = await host.app.inject(url);
      expect(kept.headers["x-page-cache"], url).toBe("hit");
      return String(kept.headers.etag);
    };
    const contact = await etagOf("/contact-us");
    const aboutus = await etagOf("/ar/aboutus");
    // A change elsewhere (a new blog) empties the page cache (decision 017).
    await database.db
      .insert(blogs)
      .values({ title: "Cache test: elsewhere", summary: "s", date: new Date(), content: "<p>x</p>" });
    const statuses: number[] = [];
    let rendered = false;
    await vi.waitFor(
      async () => {
        const again = await host.app.inject({ url: "/ar/aboutus", headers: { "if-none-match": aboutus } });
        statuses.push(again.statusCode);
        rendered ||= again.headers["x-page-cache"] === "miss";
        expect(rendered).toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
    // Rendered again, and the visitor's copy was still the page: 304 every time, no body.
    expect(new Set(statuses)).toEqual(new Set([304]));
    // A page that hydrates carries its render's nonce (decision 019): a new render, a new ETag.
    const again = await host.app.inject({ url: "/contact-us", headers: { "if-none-match": contact } });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(contact);
  });

  test("a change to the content, from any connection, reaches the next page at once", async () => {
    const [blog] = await database.db
      .insert(blogs)
      .values({ title: "Cache test: before", summary: "s", date: new Date(), content: "<p>x</p>" })
      .returning({ id: blogs.id });
    const url = `/blogs/${blog!.id}`;
    // Kept (the insert's own notice may arrive after the first render and clear it once).
    await vi.waitFor(
      async () => {
        const page = await host.app.inject(url);
        expect(page.body).toContain("Cache test: before");
        expect(page.headers["x-page-cache"]).toBe("hit");
      },
      { timeout: 5_000, interval: 50 },
    );
    await database.db.update(blogs).set({ title: "Cache test: after" }).where(eq(blogs.id, blog!.id));
    await vi.waitFor(
      async () => {
        const page = await host.app.inject(url);
        expect(page.body).toContain("Cache test: after");
      },
      { timeout: 5_000, interval: 50 },
    );
  });
});
