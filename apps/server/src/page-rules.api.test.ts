import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { DbHandle } from "@khayl/db/client";
import { blogs, events, selectiveServices } from "@khayl/db/schema";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Host, webBuildDir } from "./host.ts";
import { mailedAlertToken, sendAsIs, startTestHost, type TestHost } from "./testing.ts";

/**
 * The pages whose URL is a secret (product §6: an invoice link's token opens the invoice),
 * by their route path without the language prefix. Written here, not read from the
 * routes' declarations, so that a route that forgot its `handle` fails this test.
 */
const PRIVATE_PAGES = new Set([
  "invoice/:hash",
  "invoice/:hash/pdf",
  "invoice/:hash/payment",
  "alerts/confirm/:token",
  "alerts/manage/:token",
]);

/**
 * The content pages (decision 024: complete in their HTML, no framework JavaScript), by
 * route path without the language prefix; written here for the same reason. Every other
 * HTML page hydrates.
 */
const CONTENT_PAGES = new Set([
  "",
  "transport",
  "transport/:id",
  "flights",
  "flights/:id",
  "aboutus",
  "privacy-policy",
  "term-of-services",
  "blogs",
  "blogs/:id",
  "release-logs",
  "term-of-use",
  "release-note",
  "QR",
  "links",
  "success",
  ":productApp",
  // E-mail alerts (decision 028): plain HTML forms.
  "alerts",
  "alerts/confirm/:token",
  "alerts/manage/:token",
]);

/**
 * The content pages that take or show a visitor's own data (decision 028's alerts), by route
 * path without the language prefix: they keep `Cross-Origin-Opener-Policy: same-origin`
 * (decision 024, seventh round). Written here for the same reason.
 */
const PERSONAL_DATA_PAGES = new Set(["alerts", "alerts/confirm/:token", "alerts/manage/:token"]);

/**
 * The one script a content page loads (decision 024): ours, deferred, hashed, in /assets,
 * naming the platform polyfills it loads only where a browser lacks the features.
 */
const SITE_SCRIPT =
  /^<script defer="" src="(\/assets\/site-script-[\w-]+\.js)"(?: data-ga="[\w-]+")? data-invokers-polyfill="(\/assets\/[\w-]+\.js)" data-closedby-polyfill="(\/assets\/[\w-]+\.js)"><\/script>$/;

/** The interactive pages' JavaScript budget of `npm run bench` (KB of 1 000 bytes, gzip -9). */
const INTERACTIVE_JS_GZIP_KB = (
  JSON.parse(readFileSync(fileURLToPath(new URL("../../../bench/budgets.json", import.meta.url)), "utf8")) as {
    interactive: { routeJsGzipKB: number };
  }
).interactive.routeJsGzipKB;

/**
 * The gzip -9 bytes of the scripts a first visit to a hydrating page runs: the files its
 * module script imports (the route modules, the entry) and every file those import
 * statically, read from the build, as `npm run bench` counts them (a chunk imported
 * dynamically, on first use, is not counted there either).
 */
function firstVisitScripts(html: string): { files: number; gzipBytes: number } {
  const moduleScript = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const pending = [...moduleScript.matchAll(/(?:from\s*|import\()"\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1] ?? "");
  const seen = new Set<string>();
  let bytes = 0;
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(webBuildDir, "client", "assets", file));
    bytes += gzipSync(code, { level: 9 }).length;
    for (const [, imported] of code.toString("utf8").matchAll(/\b(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
      pending.push(imported ?? "");
  }
  return { files: seen.size, gzipBytes: bytes };
}

let testHost: TestHost;
let host: Host;
let database: DbHandle;
let routes: ServerBuild["routes"];
let buildVersion: string;

beforeAll(async () => {
  // As a deployment with analytics runs it: the analytics must be there to be left out.
  // The tests ask every route several times within a minute: no render budget (decision 022).
  testHost = await startTestHost("page-rules", { GA_MEASUREMENT_ID: "G-TEST123", RENDER_BUDGET_PER_MINUTE: "0" });
  ({ host, database } = testHost);
  const build = (await import(pathToFileURL(path.join(webBuildDir, "server", "index.js")).href)) as ServerBuild;
  routes = build.routes;
  buildVersion = build.assets.version;
}, 120_000);

afterAll(() => testHost?.close());

/** Every route of the build that answers a URL (no layout), as its full path pattern: `ar/invoice/:hash`. */
function routePatterns(): string[] {
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  const patterns = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route || route.id === "root" || parents.has(route.id)) continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
      if (at.path) segments.unshift(at.path);
    patterns.add(segments.join("/"));
  }
  return [...patterns];
}

let alertLinkToken: string | undefined;

/** An alert link's token (decision 028), as a subscriber gets it: from the confirmation mail. */
async function alertToken(): Promise<string> {
  alertLinkToken ??= await mailedAlertToken(testHost, "page-rules@example.com", "10.78.0.1");
  return alertLinkToken;
}

/** A URL of `pattern` that reaches real demo data: a show, a flight, a blog, an invoice link, an alert link. */
async function urlOf(pattern: string): Promise<string> {
  const [show] = await database.db.select({ id: events.id }).from(events).limit(1);
  const [flight] = await database.db.select({ id: selectiveServices.id }).from(selectiveServices).limit(1);
  const [blog] = await database.db.select({ id: blogs.id }).from(blogs).limit(1);
  const invoice = host.seeded?.invoiceLinks[0];
  if (!show || !flight || !blog || !invoice) throw new Error("the demo data is missing");
  const unprefixed = pattern.replace(/^ar\/?/, "");
  const id = unprefixed.startsWith("transport") ? show.id : unprefixed.startsWith("flights") ? flight.id : blog.id;
  return `/${pattern
    .replace(":hash", invoice.hash)
    .replace(":token", pattern.includes(":token") ? await alertToken() : "")
    .replace(":id", String(id))
    .replace(":productApp", "Khayl-App")
    .replace("*", "no-such-page")}`;
}

describe("page rules declared by routes (decision 019)", () => {
  test("every route in both languages: private pages carry no analytics, name no address of theirs and are never kept, indexed or referred; public pages carry analytics", async () => {
    const patterns = routePatterns();
    expect(patterns.filter((pattern) => PRIVATE_PAGES.has(pattern.replace(/^ar\//, "")))).toHaveLength(10);
    const seen = { private: 0, publicPages: 0 };
    for (const pattern of patterns) {
      const url = await urlOf(pattern);
      const isPrivate = PRIVATE_PAGES.has(pattern.replace(/^ar\//, ""));
      // Asked twice: a second answer that came from the page cache would say so.
      await host.app.inject({ url, headers: { "accept-encoding": "identity" } });
      const answer = await host.app.inject({ url, headers: { "accept-encoding": "identity" } });
      const html = String(answer.headers["content-type"]).startsWith("text/html");
      if (isPrivate) {
        seen.private++;
        expect(answer.body, url).not.toContain("googletagmanager");
        expect(answer.body, url).not.toContain("gtag(");
        expect(answer.headers["cache-control"], url).toBe("private, no-store");
        expect(answer.headers["x-page-cache"], url).toBeUndefined();
        expect(answer.headers.etag, url).toBeUndefined();
        expect(answer.headers["x-robots-tag"], url).toMatch(/noindex/);
        expect(answer.headers["referrer-policy"], url).toBe("strict-origin");
        expect(answer.headers["cross-origin-opener-policy"], url).toBe("same-origin");
        if (html) {
          expect(answer.statusCode, url).toBe(200);
          expect(answer.body, url).toMatch(/<meta name="robots" content="noindex[^"]*"/);
          expect(answer.body, url).toContain('<meta name="referrer" content="strict-origin"');
          // Its URL holds its token: the head names no address of the page (no canonical, alternates or og:url).
          expect(answer.body, url).not.toMatch(/<link rel="(canonical|alternate)"|property="og:url"/);
        }
      } else {
        expect(answer.headers["x-robots-tag"], url).toBeUndefined();
        expect(answer.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
        if (html && answer.statusCode === 200) {
          seen.publicPages++;
          // A page with scripts loads gtag.js itself; a content page has our site script load it (decision 024).
          expect(answer.body, url).toMatch(
            /https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-TEST123|data-ga="G-TEST123"/,
          );
          expect(answer.body, url).not.toContain('name="referrer"');
          expect(answer.body, url).toMatch(/<link rel="canonical" href="[^"]+"/);
          expect(answer.body, url).toContain('property="og:url"');
        }
      }
    }
    expect(seen.private).toBe(10);
    expect(seen.publicPages).toBeGreaterThanOrEqual(2 * 18);
  }, 60_000);

  // Round twenty: the host's own refusals (a method the page does not take, a Host header or
  // a path no URL can be made of) went out without the private page's headers.
  test("the host's refusals on a private page's URL are never kept, indexed or referred either", async () => {
    const privatePatterns = routePatterns().filter((pattern) => PRIVATE_PAGES.has(pattern.replace(/^ar\//, "")));
    for (const pattern of privatePatterns) {
      const url = await urlOf(pattern);
      for (const request of [
        { method: "PUT" as const, url },
        { method: "DELETE" as const, url },
        { method: "OPTIONS" as const, url },
        { method: "GET" as const, url, headers: { host: "a b" } },
        { method: "GET" as const, url: `${url}%zz` },
      ]) {
        const answer = await host.app.inject(request);
        const what = `${request.method} ${request.url} ${JSON.stringify(request.headers ?? {})}`;
        expect(answer.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, what).toBeLessThan(500);
        expect(answer.headers["cache-control"], what).toMatch(/no-store/);
        expect(answer.headers["x-robots-tag"], what).toMatch(/noindex/);
        expect(answer.headers["referrer-policy"], what).toBe("strict-origin");
      }
    }
  }, 60_000);

  test("content pages in both languages ship no framework JavaScript, no inline script, a CSP without a nonce and no opener policy (decision 024)", async () => {
    const patterns = routePatterns();
    let content = 0;
    let hydrating = 0;
    let personalData = 0;
    const siteScripts = new Set<string>();
    const polyfillFiles = new Set<string>();
    for (const pattern of patterns) {
      const url = await urlOf(pattern);
      const answer = await host.app.inject({ url, headers: { "accept-encoding": "identity" } });
      if (!String(answer.headers["content-type"]).startsWith("text/html") || answer.statusCode !== 200) continue;
      // Asked again, answered from the page cache where the page is kept: the same opener policy.
      const again = await host.app.inject({ url, headers: { "accept-encoding": "br" } });
      const unprefixed = pattern.replace(/^ar\/?/, "");
      const openerPolicies = [answer, again].map((each) => each.headers["cross-origin-opener-policy"]);
      const scripts = answer.body.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
      const scriptSrc = /script-src ([^;]*)/.exec(String(answer.headers["content-security-policy"]))?.[1];
      // No `Speculation-Rules` header: it cost every page load main-thread work (decision 024, seventh round).
      expect(answer.headers["speculation-rules"], url).toBeUndefined();
      if (!CONTENT_PAGES.has(unprefixed)) {
        hydrating++;
        expect(answer.body, url).toContain("window.__reactRouterContext");
        expect(scriptSrc, url).toMatch(/'nonce-/);
        // A page running the app keeps its window from other sites' (decision 024, seventh round).
        expect(openerPolicies, url).toEqual(["same-origin", "same-origin"]);
        // Within the bench's budget, checked on every run: one small chunk more once took the
        // contact page 0.2 KB over it, and only the next full bench saw it.
        const firstVisit = firstVisitScripts(answer.body);
        expect(firstVisit.files, url).toBeGreaterThanOrEqual(4);
        expect(firstVisit.gzipBytes, url).toBeLessThanOrEqual(INTERACTIVE_JS_GZIP_KB * 1000);
        continue;
      }
      content++;
      expect(answer.body, url).not.toContain("__reactRouter");
      expect(answer.body, url).not.toMatch(/modulepreload|entry\.client|type="module"/);
      // Nothing runs but JSON-LD data and our one deferred file.
      const executable = scripts.filter((script) => !script.startsWith('<script type="application/ld+json">'));
      expect(executable, url).toHaveLength(1);
      const [, src, ...polyfills] = SITE_SCRIPT.exec(executable[0] ?? "") ?? [];
      expect(src, `${url}: ${executable[0]}`).toBeDefined();
      siteScripts.add(src ?? "");
      for (const polyfill of polyfills) polyfillFiles.add(polyfill ?? "");
      expect(answer.body, url).not.toMatch(/<noscript/);
      expect(scriptSrc, url).toBe("'self' https://www.googletagmanager.com");
      // No nonce anywhere either: the page renders to the same bytes every time.
      expect(answer.body, url).not.toMatch(/\snonce=/);
      // No opener policy where the page shows everyone the same public text: the policy
      // would cost it a fresh renderer process for nothing (decision 024, seventh round).
      const policy = PERSONAL_DATA_PAGES.has(unprefixed) ? "same-origin" : "unsafe-none";
      expect(openerPolicies, url).toEqual([policy, policy]);
      if (policy === "same-origin") personalData++;
    }
    expect(content).toBe(2 * CONTENT_PAGES.size);
    expect(personalData).toBe(2 * PERSONAL_DATA_PAGES.size);
    expect(hydrating).toBeGreaterThanOrEqual(2 * 3);
    // One file for the whole site, long-lived, at most 5 KB gzip.
    expect(siteScripts.size).toBe(1);
    const [src = ""] = siteScripts;
    const file = await host.app.inject({ url: src, headers: { "accept-encoding": "gzip" } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["cache-control"]).toMatch(/immutable/);
    expect(file.rawPayload.length).toBeLessThanOrEqual(5 * 1024);
    // The polyfills are files of this site too, kept as long.
    expect(polyfillFiles.size).toBe(2);
    for (const polyfill of polyfillFiles) {
      const answer = await host.app.inject(polyfill);
      expect([answer.statusCode, answer.headers["cache-control"]], polyfill).toEqual([
        200,
        expect.stringMatching(/immutable/),
      ]);
    }
  }, 60_000);

  test("however a private page is spelled or asked for, its rules hold", async () => {
    const hash = host.seeded?.invoiceLinks[0]?.hash ?? "";
    for (const url of [
      `/AR/INVOICE/${hash}`,
      `/ar/%69nvoice/${hash}`,
      `/ar/invoice/${hash}/`,
      `/ar/invoice/${hash}?step=2`,
      `/ar/invoice/${hash}.data`,
      `/invoice/${hash}.data?_routes=routes%2Finvoice`,
      `/alerts/manage/${await alertToken()}.data`,
    ]) {
      const answer = await host.app.inject(url);
      expect(answer.body, url).not.toContain("googletagmanager");
      expect([answer.headers["cache-control"], answer.headers["referrer-policy"]], url).toEqual([
        "private, no-store",
        "strict-origin",
      ]);
      expect(answer.headers["x-robots-tag"], url).toMatch(/noindex/);
    }
    // Sent as written by a raw client (a browser resolves these first): React Router renders
    // the page the path resolves to, and the rules are that page's. `//x/invoice/…` once
    // rendered the invoice as a page of no route's rules.
    for (const path of [
      `/./invoice/${hash}`,
      `/ar/x/../invoice/${hash}`,
      `//x/invoice/${hash}`,
      `/\\x/invoice/${hash}`,
    ]) {
      const answer = await sendAsIs(host, { path });
      if (answer.statusCode === 200) {
        expect([answer.headers["cache-control"], answer.headers["referrer-policy"]], path).toEqual([
          "private, no-store",
          "strict-origin",
        ]);
        expect(answer.headers["x-robots-tag"], path).toMatch(/noindex/);
      } else {
        expect([answer.statusCode, answer.headers.location], path).toEqual([302, "/"]);
      }
    }
  });

  test("React Router's route discovery for a private page's URL is kept by no one", async () => {
    const hash = host.seeded?.invoiceLinks[0]?.hash ?? "";
    /** `/__manifest` as a hydrated page asks it: its own URL and its links', with their ancestors. */
    const discover = (paths: string[]) =>
      host.app.inject(`/__manifest?${new URLSearchParams({ paths: paths.join(","), version: buildVersion })}`);
    for (const paths of [
      ["/", "/ar", "/ar/invoice", `/ar/invoice/${hash}`, "/contact-us", "/invoice", `/invoice/${hash}`],
      [`/INVOICE/${hash}/pdf`],
      [`alerts/manage/${await alertToken()}`],
    ]) {
      const answer = await discover(paths);
      expect(answer.statusCode, paths.join()).toBe(200);
      expect(Object.keys(answer.json()).length, paths.join()).toBeGreaterThan(1); // the routes it asked for
      expect([answer.headers["cache-control"], answer.headers["referrer-policy"]], paths.join()).toEqual([
        "private, no-store",
        "strict-origin",
      ]);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
    // The routes of public pages alone stay as React Router answers them: the same for everyone.
    const open = await discover(["/", "/contact-us", "/delete-account"]);
    expect([open.statusCode, open.headers["cache-control"]]).toEqual([200, "public, max-age=31536000, immutable"]);
  });
});
