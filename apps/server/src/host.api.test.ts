import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parseEnv } from "@khayl/config/env";
import { invoices } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildHost, type Host, webBuildDir } from "./host.ts";

/**
 * The one process as `npm start` runs it (production web build, in-process API, test
 * database): what every response carries, whatever serves it. `npm test` builds the web
 * app first; a lone run of this file builds it when missing.
 */
let host: Host;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-host-"));
  const env = parseEnv({ DATA_DIR: dataDir, TRUST_PROXY: "loopback", LOG_LEVEL: "silent", NODE_ENV: "production" });
  host = await buildHost({ env, logger: false, database: await createTestDb() });
}, 120_000);

afterAll(async () => {
  await host?.close();
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

  test("pages carry a CSP with a fresh script nonce, and no unsafe-inline scripts", async () => {
    const [a, b] = await Promise.all([host.app.inject("/"), host.app.inject("/")]);
    const nonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    expect(nonce(a.headers["content-security-policy"])).toBeTruthy();
    expect(nonce(a.headers["content-security-policy"])).not.toBe(nonce(b.headers["content-security-policy"]));
    expect(String(a.headers["content-security-policy"])).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(a.body).toContain(`nonce="${nonce(a.headers["content-security-policy"])}"`);
  });

  test("HSTS only behind TLS (a trusted proxy saying https)", async () => {
    const plain = await host.app.inject("/");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const tls = await host.app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
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
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
