import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parseEnv } from "@khayl/config/env";
import type { DbHandle } from "@khayl/db/client";
import { blogs, invoices, outbox } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { inlineScriptHashes } from "./csp.ts";
import { buildHost, type Host, webBuildDir } from "./host.ts";

/**
 * The one process as `npm start` runs it (production web build, in-process API, test
 * database): what every response carries, whatever serves it. `npm test` builds the web
 * app first; a lone run of this file builds it when missing.
 */
let host: Host;
let database: DbHandle;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-host-"));
  const env = parseEnv({
    DATA_DIR: dataDir,
    TRUST_PROXY: "loopback",
    DEMO_ON_PUBLIC_ADDRESS: "true",
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
  });
  database = await createTestDb();
  host = await buildHost({ env, logger: false, database });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"];

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const name of SECURITY_HEADERS) expect(headers, name).toHaveProperty(name);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

function hashedAsset(): string {
  const name = readdirSync(path.join(webBuildDir, "client", "assets")).find((f) => f.endsWith(".js"));
  if (!name) throw new Error("no built script");
  return `/assets/${name}`;
}

describe("security headers on every kind of response", () => {
  test.each([
    ["a page", "/", 200],
    ["an API answer", "/api/v1/health", 200],
    ["a static file", "/favicon.ico", 200],
    ["a hashed asset", "HASHED", 200],
    ["an unknown API path", "/api/v1/nope", 404],
    ["a missing hashed asset", "/assets/gone-123.js", 404],
    ["an unknown page (redirect)", "/no-such-page", 302],
    ["a URL that cannot be decoded", "/%", 400],
  ])("%s", async (_what, url, status) => {
    const response = await host.app.inject({ method: "GET", url: url === "HASHED" ? hashedAsset() : url });
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response.headers);
  });

  test("pages list their own inline scripts by hash in the CSP, and allow no unsafe-inline or nonce", async () => {
    const page = await host.app.inject("/");
    const csp = String(page.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    const hashes = scriptSrc.split(" ").filter((source) => source.startsWith("'sha256-"));
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes.sort()).toEqual(inlineScriptHashes(page.body).sort());
    expect(scriptSrc).not.toMatch(/unsafe-inline|nonce-/);
    // Every inline script of the page is one the browser will run.
    const inline = [
      ...page.body.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text = ""] of inline) {
      const digest = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
      expect(hashes).toContain(digest);
    }
  });

  test("HSTS only behind TLS (a trusted proxy saying https)", async () => {
    const plain = await host.app.inject("/");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const tls = await host.app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  test("a content encoding the server cannot decode is a 4xx envelope everywhere, not Fastify's own body", async () => {
    // Found by the fuzz suite: outside the API, @fastify/compress's error had no envelope.
    for (const url of ["/contact-us", "/api/v1/supportRequests/", "/api/v1/blog/../../etc/passwd"]) {
      for (const [encoding, status] of [
        ["gzip, gzip", 415],
        ["zstd-unknown", 415],
      ] as const) {
        const response = await host.app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json", "content-encoding": encoding },
          payload: "{}",
        });
        expect(response.statusCode, `${url} ${encoding}`).toBe(status);
        expect(response.json(), `${url} ${encoding}`).toMatchObject({ success: false, statusCode: status });
      }
    }
  });

  test("malformed URLs answer the API envelope", async () => {
    for (const url of ["/%", "/api/v1/%", "/contact-us%ZZ"]) {
      const response = await host.app.inject(url);
      expect(response.json()).toEqual({ success: false, statusCode: 400, message: "Malformed request URL" });
    }
  });
});

describe("delivery", () => {
  test("pages are gzipped; hashed assets are precompressed and cached for a year", async () => {
    const page = await host.app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(page.headers["content-encoding"]).toBe("gzip");
    const asset = await host.app.inject({ url: hashedAsset(), headers: { "accept-encoding": "br, gzip" } });
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a missing hashed asset is a 404, not the home page", async () => {
    const response = await host.app.inject("/assets/entry.client-stale.js");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
  });
});

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

  test("invoice pages, unknown query parameters and route data are never kept", async () => {
    const [invoice] = await database.db.select({ linkToken: invoices.linkToken }).from(invoices).limit(1);
    for (let i = 0; i < 2; i++) {
      const page = await host.app.inject(`/invoice/${invoice!.linkToken}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-page-cache"]).toBeUndefined();
      expect(page.headers["cache-control"]).toMatch(/no-store/);
      expect(page.headers.etag).toBeUndefined();
    }
    for (const url of ["/aboutus?utm_source=mail", "/aboutus.data"]) {
      await host.app.inject(url);
      const again = await host.app.inject(url);
      expect(again.headers["x-page-cache"], url).toBeUndefined();
    }
    const filtered = await host.app.inject("/flights?type=import");
    expect(filtered.headers["x-page-cache"]).toBeDefined();
  });

  test("only a page's canonical URL is kept; any other spelling is answered but rendered for itself", async () => {
    const [blog] = await database.db.select({ id: blogs.id }).from(blogs).limit(1);
    const kept = [
      "/transport?discipline=dressage",
      "/transport?discipline=dressage&show=48",
      "/flights?show=72",
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
    const notKept: [string, number][] = [
      ["/transport?discipline=not-a-discipline", 200],
      ["/transport?show=junk", 200],
      ["/transport?show=7", 200],
      ["/transport?show=24", 200],
      ["/transport?show=9600", 200],
      ["/transport?show=48&discipline=dressage", 200],
      ["/transport?discipline=dressage&discipline=dressage", 200],
      ["/transport?discipline=dressage&", 200],
      ["/flights?type=Import", 200],
      ["/blogs?step=x", 200],
      ["/TrAnSpOrT", 200],
      ["/%74ransport", 200],
      ["/transport/", 200],
      ["/qr", 200],
      ["/khayl-app", 200],
      [`/blogs/000${blog!.id}`, 404],
      [`/blogs/0x${blog!.id}`, 404],
    ];
    for (const [url, status] of notKept) {
      await host.app.inject(url);
      const again = await host.app.inject(url);
      expect([again.statusCode, again.headers["x-page-cache"]], url).toEqual([status, undefined]);
      if (status === 200) expect(again.body, url).toContain("</html>");
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

  test("the English home kept for everyone still sends a visitor who chose Arabic to /ar", async () => {
    await host.app.inject("/");
    expect((await host.app.inject("/")).headers["x-page-cache"]).toBe("hit");
    const chose = await host.app.inject({ url: "/", headers: { cookie: "theme=x; lang=ar" } });
    expect(chose.statusCode).toBe(302);
    expect(chose.headers.location).toBe("/ar");
    expect(String((await host.app.inject("/")).headers.vary)).toMatch(/cookie/i);
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

test("a blog's schema.org data sits in the head, escaped, parsed back whole and left out of the CSP", async () => {
  const title = "Tack </script><script>alert(1)</script> & travel";
  const [blog] = await database.db
    .insert(blogs)
    .values({ title, summary: "s", date: new Date("2030-01-05T08:00:00Z"), content: "<p>x</p>" })
    .returning({ id: blogs.id });
  const page = await host.app.inject(`/blogs/${blog!.id}`);
  expect(page.statusCode).toBe(200);
  const head = page.body.slice(0, page.body.indexOf("</head>"));
  const blocks = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  expect(blocks.map((block) => block["@type"])).toEqual(["BlogPosting", "BreadcrumbList"]);
  expect(blocks[0]).toMatchObject({ headline: title, datePublished: "2030-01-05T08:00:00.000Z" });
  expect(page.body).not.toContain("<script>alert(1)");
  const csp = String(page.headers["content-security-policy"]);
  for (const [, text] of head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)) {
    expect(csp).not.toContain(createHash("sha256").update(text!).digest("base64"));
  }
});

describe("page forms", () => {
  test("an endless chunked body is cut off with 413 and never buffered whole", async () => {
    let sent = 0;
    const body = new Readable({
      read() {
        sent += 64 * 1024;
        this.push(sent > 50 * 1024 * 1024 ? null : Buffer.alloc(64 * 1024, "a"));
      },
    });
    const response = await host.app.inject({
      method: "POST",
      url: "/contact-us",
      headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(sent).toBeLessThan(5 * 1024 * 1024);
  });

  test("an endless chunked JSON body to the invoice payment route is cut off with 413", async () => {
    let sent = 0;
    const body = new Readable({
      read() {
        sent += 64 * 1024;
        this.push(sent > 50 * 1024 * 1024 ? null : Buffer.alloc(64 * 1024, " "));
      },
    });
    const response = await host.app.inject({
      method: "POST",
      url: `/invoice/${"a".repeat(43)}/payment`,
      headers: { "content-type": "application/json", "transfer-encoding": "chunked", "sec-fetch-site": "same-origin" },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(sent).toBeLessThan(5 * 1024 * 1024);
  });

  test("a client's bad page request is answered 4xx and not printed with its stack and URL", async () => {
    // Found by the fuzz suite: React Router's default error hook printed these to the
    // console, with the invoice link's token in the message.
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const token = "NeUXmqwdRF7myFJ2SO-FNAxAHvRrh-i7P8_nfWlzUDs";
      const noAction = await host.app.inject({ method: "POST", url: `/invoice/${token}/pdf`, payload: "" });
      expect(noAction.statusCode).toBe(405);
      const foreign = await host.app.inject({
        method: "POST",
        url: "/contact-us",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        payload: "fullName=x",
      });
      expect(foreign.statusCode).toBe(400);
      const badMethod = await host.app.inject({ method: "OPTIONS", url: "/contact-us" });
      expect(badMethod.statusCode).toBe(405);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });

  test("a form posted to an unknown path redirects to the home page, like a visit", async () => {
    for (const url of ["/foo", "/foo/bar"]) {
      const response = await host.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=1",
      });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe("/");
    }
  });

  test("the deletion form asks the API for the site's own post, and refuses one another site makes", async () => {
    const codeMails = () =>
      database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, "layla.haddad@example.com"), eq(outbox.kind, "delete-account-code")));
    const post = (headers: Record<string, string>, remoteAddress: string) =>
      host.app.inject({
        method: "POST",
        url: "/delete-account",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        payload: "intent=ask&email=layla.haddad%40example.com",
        remoteAddress,
      });
    const forged = await post(
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
      "10.50.0.1",
    );
    expect(forged.statusCode).toBe(403);
    expect(await codeMails()).toHaveLength(0);
    // The browser's own post carries its Fetch Metadata to the page; the page's call to the
    // API (in-process) carries none, and is answered.
    const own = await post(
      { "sec-fetch-site": "same-origin", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
      "10.50.0.2",
    );
    expect(own.statusCode).toBe(200);
    expect(await codeMails()).toHaveLength(1);
  });

  test.each([
    ["JSON", "application/json", '{"fullName":"x"}', 415],
    ["text", "text/plain", "fullName=x", 415],
    ["broken multipart", "multipart/form-data; boundary=zz", "--yy\r\nbroken", 400],
  ])("a %s body to a page form is a client error, not a 500", async (_what, type, payload, status) => {
    for (const url of ["/contact-us", "/delete-account"]) {
      const response = await host.app.inject({ method: "POST", url, headers: { "content-type": type }, payload });
      expect(response.statusCode, url).toBe(status);
    }
  });
});

describe("analytics", () => {
  test("with a measurement id, pages load gtag.js but invoice pages load no third-party script", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-host-ga-"));
    const database = await createTestDb();
    const env = parseEnv({
      DATA_DIR: dir,
      GA_MEASUREMENT_ID: "G-TEST123",
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
    });
    const withGa = await buildHost({ env, logger: false, database });
    try {
      const home = await withGa.app.inject("/");
      expect(home.body).toContain("https://www.googletagmanager.com/gtag/js?id=G-TEST123");
      const [invoice] = await database.db.select({ linkToken: invoices.linkToken }).from(invoices).limit(1);
      const page = await withGa.app.inject(`/invoice/${invoice!.linkToken}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain("googletagmanager");
      expect(page.body).not.toContain("gtag(");
    } finally {
      await withGa.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
