import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { DbHandle } from "@khayl/db/client";
import { blogs, events, outbox } from "@khayl/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type Host, webBuildDir } from "./host.ts";
import {
  expectSecurityHeaders,
  mailedAlertToken,
  sendAsIs,
  sendBytes,
  startTestHost,
  type TestHost,
} from "./testing.ts";

/**
 * The one process as `npm start` runs it (production web build, in-process API, test
 * database): what every response carries, whatever serves it. `npm test` builds the web
 * app first; a lone run of this file builds it when missing.
 */
let testHost: TestHost;
let host: Host;
let database: DbHandle;

beforeAll(async () => {
  testHost = await startTestHost("host", { TRUST_PROXY: "loopback", DEMO_ON_PUBLIC_ADDRESS: "true" });
  ({ host, database } = testHost);
}, 120_000);

afterAll(() => testHost?.close());

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

  test("every inline script a page runs carries the nonce its CSP names, fresh for each render", async () => {
    const nonces: string[] = [];
    // The pages that hydrate (content pages run no inline script at all: decision 024).
    for (const url of ["/delete-account", "/contact-us", "/contact-us?utm_source=a", "/ar/contact-us"]) {
      const page = await host.app.inject(url);
      const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers["content-security-policy"]))?.[1] ?? "";
      expect(scriptSrc, url).not.toMatch(/unsafe-inline|sha256-/);
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      expect(nonce, url).toBeDefined();
      nonces.push(nonce!);
      // Every inline script of the page (React Router's hydration, its module loader, the
      // scroll restoration) is one the browser will run: it carries the nonce.
      const inline = [
        ...page.body.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))([^>]*)>[\s\S]*?<\/script>/g),
      ];
      expect(inline.length, url).toBeGreaterThan(1);
      for (const [, attributes = ""] of inline) expect(attributes, url).toContain(`nonce="${nonce}"`);
    }
    // A kept page keeps its render's nonce (a query it does not read is answered from the same
    // copy: decision 022); every other render draws its own.
    expect(nonces[2]).toBe(nonces[1]);
    expect(new Set(nonces).size).toBe(3);
  });

  test("HSTS only behind TLS (a trusted proxy saying https), on a URL that cannot be decoded too", async () => {
    for (const url of ["/", "/%", "/api/v1/%FF"]) {
      const plain = await host.app.inject(url);
      expect(plain.headers["strict-transport-security"], url).toBeUndefined();
      const tls = await host.app.inject({ url, headers: { "x-forwarded-proto": "https" } });
      expect(tls.headers["strict-transport-security"], url).toMatch(/max-age=\d+/);
    }
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
    // A body that says gzip and is not: the catalogue's words, in the language asked for.
    const notGzip = await host.app.inject({
      method: "POST",
      url: "/api/v1/supportRequests/",
      headers: { "content-type": "application/json", "content-encoding": "gzip", language: "ar" },
      payload: "{}",
    });
    expect([notGzip.statusCode, notGzip.json().message]).toEqual([400, "تعذّر فك ترميز محتوى الطلب"]);
  });

  test("malformed URLs answer the API envelope", async () => {
    for (const url of ["/%", "/api/v1/%", "/contact-us%ZZ"]) {
      const response = await host.app.inject(url);
      expect(response.json()).toEqual({ success: false, statusCode: 400, message: "Malformed request URL" });
    }
  });

  test("the host's own refusals speak Arabic under /ar and to a request asking for it", async () => {
    const arabic = { success: false, statusCode: 400, message: "عنوان الطلب غير صالح" };
    expect((await host.app.inject("/ar/contact-us%ZZ")).json()).toEqual(arabic);
    expect((await host.app.inject("/AR/%")).json()).toEqual(arabic);
    expect((await host.app.inject({ url: "/api/v1/%", headers: { language: "ar" } })).json()).toEqual(arabic);
    // Not a page under /ar: a path that only begins with the letters.
    expect((await host.app.inject("/arabic%")).json().message).toBe("Malformed request URL");
    const undecodable = await host.app.inject({
      method: "POST",
      url: "/ar/contact-us",
      headers: { "content-type": "application/json", "content-encoding": "zstd-unknown" },
      payload: "{}",
    });
    expect(undecodable.statusCode).toBe(415);
    expect(undecodable.json().message).toMatch(/[\u0600-\u06FF]/);
  });

  test("a request Node's parser refuses answers in the envelope, with the security headers, in its language", async () => {
    // Written as raw bytes: `inject` never reaches Node's HTTP parser, where these are refused.
    const cases: [string, string, number, string][] = [
      ["an unknown method", "FOO /aboutus HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "Bad request"],
      ["a target without a leading slash", "GET aboutus HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "Bad request"],
      ["a tab in the path", "GET /about\tus HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "Bad request"],
      ["a bare CR in a header", "GET /aboutus HTTP/1.1\r\nHost: localhost\r\nX-A: a\rb\r\n\r\n", 400, "Bad request"],
      [
        "two Content-Lengths",
        "POST /contact-us HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        400,
        "Bad request",
      ],
      [
        "Transfer-Encoding beside Content-Length",
        "POST /contact-us HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
        400,
        "Bad request",
      ],
      [
        "headers over the limit",
        `GET /aboutus HTTP/1.1\r\nHost: localhost\r\nCookie: ${"a".repeat(20_000)}\r\n\r\n`,
        431,
        "Request headers are too large",
      ],
      [
        "an expectation the server does not meet",
        "GET /aboutus HTTP/1.1\r\nHost: localhost\r\nExpect: nonsense\r\nConnection: close\r\n\r\n",
        417,
        "Expectation not supported",
      ],
      // In Arabic under /ar or to `language: ar`, as a request that was read (decision 027).
      ["an unknown method under /ar", "FOO /ar/aboutus HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "طلب غير صالح"],
      ["a tab in an /ar path", "GET /ar/about\tus HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "طلب غير صالح"],
      [
        "a bare CR in a header, with language: ar",
        "GET /api/v1/blogs HTTP/1.1\r\nHost: localhost\r\nLanguage: AR\r\nX-A: a\rb\r\n\r\n",
        400,
        "طلب غير صالح",
      ],
      [
        "headers over the limit under /ar",
        `GET /ar/aboutus HTTP/1.1\r\nHost: localhost\r\nCookie: ${"a".repeat(20_000)}\r\n\r\n`,
        431,
        "ترويسات الطلب كبيرة جدًا",
      ],
      [
        "an expectation the server does not meet, under /ar",
        "GET /ar/aboutus HTTP/1.1\r\nHost: localhost\r\nExpect: nonsense\r\nConnection: close\r\n\r\n",
        417,
        "قيمة Expect غير مدعومة",
      ],
      // Only the prefix /ar is Arabic, not a path that begins with the letters.
      ["an unknown method on /arabic", "FOO /arabic HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "Bad request"],
      [
        "a bare CR, with language: en",
        "GET /aboutus HTTP/1.1\r\nHost: localhost\r\nlanguage: en\r\nX-A: a\rb\r\n\r\n",
        400,
        "Bad request",
      ],
    ];
    for (const [what, request, status, message] of cases) {
      const answer = await sendBytes(host, request);
      const [head = "", body = ""] = answer.split("\r\n\r\n", 2);
      const [statusLine, ...lines] = head.split("\r\n");
      expect(statusLine, what).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      expectSecurityHeaders(headers);
      expect(headers["cache-control"], what).toBe("no-store");
      expect(JSON.parse(body), what).toEqual({ success: false, statusCode: status, message });
    }
  });

  test("a target in absolute form is the page it names (RFC 9112 §3.2.2); `*` names none", async () => {
    // Over a socket: `inject` would resolve the target first.
    const answerTo = async (path: string) => {
      const { statusCode, headers, body } = await sendAsIs(host, { path, headers: { host: "localhost" } });
      return { status: String(statusCode), location: headers.location, body };
    };
    const about = await answerTo("http://localhost/aboutus");
    expect(about.status).toBe("200");
    expect(about.body).toContain("<h1");
    // Its authority names no origin: the page is the same, with the site's own links.
    const elsewhere = await answerTo("HTTP://evil.example:8080/aboutus");
    expect(elsewhere.status).toBe("200");
    expect(elsewhere.body).not.toContain("evil.example");
    expect(await answerTo("http://localhost/TRANSPORT//?x=1")).toMatchObject({
      status: "301",
      location: "/transport?x=1",
    });
    expect((await answerTo("http://localhost/api/v1/health")).status).toBe("200");
    const asterisk = await answerTo("*");
    expect(asterisk.status).toBe("400");
    expect(JSON.parse(asterisk.body)).toEqual({ success: false, statusCode: 400, message: "Bad request" });
  });

  test("a method no page takes answers a 404 envelope, not Fastify's own body", async () => {
    for (const method of ["PROPFIND", "SEARCH", "MKCOL"] as const) {
      for (const url of ["/aboutus", "/ar/transport"]) {
        const response = await host.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({
          success: false,
          statusCode: 404,
          message: `Route ${method}:${url} not found`,
        });
        expectSecurityHeaders(response.headers);
      }
    }
  });

  test("a path under /api the API has no route for is its 404 envelope, never the website's home page", async () => {
    for (const url of ["/api", "/api/", "/api/v1", "/api/v1/", "/api/v2/health", "/api/v1/nothing", "/api/x?y=1"]) {
      for (const method of ["GET", "POST", "DELETE"] as const) {
        const response = await host.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toEqual({
          success: false,
          statusCode: 404,
          message: `Route ${method}:${url.split("?")[0]} not found`,
        });
        expect(response.headers["cache-control"]).toBe("no-store");
        expectSecurityHeaders(response.headers);
      }
    }
    // A body it cannot read is refused as the API refuses one: in the envelope, never kept.
    for (const [type, payload] of [
      ["application/json", "{nope"],
      ["application/xml", "<a/>"],
    ] as const) {
      const refused = await host.app.inject({
        method: "POST",
        url: "/api/v2/x",
        headers: { "content-type": type },
        payload,
      });
      expect(refused.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, type).toBeLessThan(500);
      expect(refused.json(), type).toMatchObject({ success: false, statusCode: refused.statusCode });
      expect(refused.headers["cache-control"], type).toBe("no-store");
    }
    // In the language the request asks for, as the API's own 404.
    const arabic = await host.app.inject({ url: "/api/v2/health", headers: { language: "ar" } });
    expect(arabic.json().message).not.toMatch(/not found/);
    // What the API does serve there is untouched: its health and its docs.
    expect((await host.app.inject("/api/v1/health")).statusCode).toBe(200);
    expect((await host.app.inject("/api/docs/json")).statusCode).toBe(200);
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

  test("a byte range of a static file is served, one past its end is a 416 naming its size, a failed If-Match a 412", async () => {
    const url = hashedAsset();
    const size = statSync(path.join(webBuildDir, "client", url)).size;
    const part = await host.app.inject({ url, headers: { range: "bytes=0-9" } });
    expect([part.statusCode, part.headers["content-range"], part.rawPayload.length]).toEqual([
      206,
      `bytes 0-9/${size}`,
      10,
    ]);
    for (const range of [`bytes=${size}-`, "bytes=x-y"]) {
      const refused = await host.app.inject({ url, headers: { range, language: "ar" } });
      expect([refused.statusCode, refused.headers["content-range"]], range).toEqual([416, `bytes */${size}`]);
      expect(refused.json(), range).toEqual({ success: false, statusCode: 416, message: "النطاق المطلوب غير متاح" });
      expectSecurityHeaders(refused.headers);
    }
    const failed = await host.app.inject({ url, headers: { "if-match": '"nope"' } });
    expect([failed.statusCode, failed.json().message]).toEqual([412, "Precondition failed"]);
  });

  test("a file's path with a trailing slash names no file: a 404 envelope, not a second copy of it", async () => {
    for (const url of ["/favicon.ico/", "/images/hero-truck.svg/", `${hashedAsset()}/`]) {
      const response = await host.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ success: false, statusCode: 404, message: `Route GET:${url} not found` });
      expect(response.headers["cache-control"] ?? "", url).not.toMatch(/public/);
      expectSecurityHeaders(response.headers);
    }
    // The file itself is served as before.
    expect((await host.app.inject("/favicon.ico")).statusCode).toBe(200);
  });

  test("the share image, logo and icons may be shown by other sites; scripts and styles may not", async () => {
    // A chat or feed reader that loads a shared link's og:image itself gets it (CORP cross-origin).
    for (const url of ["/images/og-default.png", "/images/icon-512.png", "/favicon.ico", "/apple-touch-icon.png"]) {
      const response = await host.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cross-origin-resource-policy"], url).toBe("cross-origin");
    }
    const script = await host.app.inject(hashedAsset());
    expect(script.headers["cross-origin-resource-policy"]).toBe("same-origin");
    const page = await host.app.inject("/");
    expect(page.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  test("a missing hashed asset is a 404, not the home page", async () => {
    const response = await host.app.inject("/assets/entry.client-stale.js");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
    // Another instance may be serving a newer build that has it: no cache keeps this answer.
    expect(response.headers["cache-control"]).toBe("no-store");
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

test("a bidirectional override in a show's name turns nothing around in its title or WhatsApp text", async () => {
  // U+202E in a name makes what follows it read backwards ('gnp.exe' shows as 'exe.png').
  const [show] = await database.db
    .insert(events)
    .values({
      eventName: "Cup \u202Egnp.exe",
      disciplineId: 1,
      showOnWebsite: true,
      startDate: new Date("2030-02-01T06:00:00Z"),
    })
    .returning({ id: events.id });
  const page = await host.app.inject(`/transport/${show!.id}`);
  expect(page.statusCode).toBe(200);
  const title = page.body.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
  expect(title).toMatch(/^Cup gnp\.exe \| /);
  const whatsapp = decodeURIComponent(page.body.match(/href="https:\/\/wa\.me\/\d+\?text=([^"]*)"/)?.[1] ?? "");
  expect(whatsapp).toContain("to Cup gnp.exe on");
  expect(page.body).not.toContain("\u202E");
});

test("a show whose end was entered before its start shows its start alone, on its page and card", async () => {
  const [show] = await database.db
    .insert(events)
    .values({
      eventName: "Backwards Cup",
      disciplineId: 1,
      showOnWebsite: true,
      startDate: new Date("2030-03-07T06:00:00Z"),
      endDate: new Date("2030-03-05T06:00:00Z"),
    })
    .returning({ id: events.id });
  const page = await host.app.inject(`/transport/${show!.id}`);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(">Starts<");
  expect(page.body).not.toContain(">Ends<");
  const list = await host.app.inject("/transport");
  const card = list.body.slice(list.body.indexOf("Backwards Cup"));
  expect(card.slice(0, card.indexOf("</article>"))).toMatch(/>7 Mar</);
  expect(list.body).not.toContain("7 Mar - 5 Mar");
});

test("search engines are kept off the API and its docs", async () => {
  for (const url of ["/api/docs/", "/api/docs/json", "/api/v1/health", "/api/v1/nothing-here"]) {
    const response = await host.app.inject(url);
    expect(response.headers["x-robots-tag"], url).toBe("noindex");
  }
  // The pages stay crawlable: the budgets ask Lighthouse's SEO 100 on every route, /success
  // included (its is-crawlable audit fails on noindex); /success is in no sitemap or link.
  for (const url of ["/", "/success", "/ar/delete-account"])
    expect((await host.app.inject(url)).headers["x-robots-tag"], url).toBeUndefined();
});

test("a show's or blog's field holding only spaces is missing: no empty badge, no '( )', no 'at   ,'", async () => {
  const [show] = await database.db
    .insert(events)
    .values({
      eventName: "Blank Cup",
      eventStatus: "   ",
      eventCategory: " ",
      placeCode: "  ",
      placeName: "   ",
      disciplineId: 1,
      showOnWebsite: true,
      startDate: new Date("2030-04-04T06:00:00Z"),
    })
    .returning({ id: events.id });
  const page = (await host.app.inject(`/transport/${show!.id}`)).body;
  const description = page.match(/<meta name="description" content="([^"]*)"/)?.[1];
  expect(description).toMatch(/^Blank Cup, Thursday 04 Apr 2030\. /);
  expect(page).not.toMatch(/>\s*\(\s*\)\s*</);
  expect(page).not.toMatch(/rounded-full[^"]*">\s+</);
  // The card: the category's fallback, the venue's '-'.
  const list = (await host.app.inject("/transport")).body;
  const card = list.slice(list.indexOf("Blank Cup") - 600, list.indexOf("Blank Cup") + 600);
  expect(card).toContain(">International<");
  expect(card).not.toMatch(/>\s+</);
  const [blog] = await database.db
    .insert(blogs)
    .values({ title: "Blank tags", category: "   ", tag: ["  ", " travel "], date: new Date("2030-01-06T08:00:00Z") })
    .returning({ id: blogs.id });
  const post = (await host.app.inject(`/blogs/${blog!.id}`)).body;
  expect(post).toContain(">travel<");
  expect(post).not.toMatch(/>\s+</);
});

test("a blog image on a host the page may not load from is left out, not shown broken", async () => {
  const [blog] = await database.db
    .insert(blogs)
    .values({
      title: "Pictures elsewhere",
      mainImage: "https://elsewhere.example/main.jpg",
      subImage: "https://elsewhere.example/sub.jpg",
      date: new Date("2030-01-07T08:00:00Z"),
    })
    .returning({ id: blogs.id });
  for (const url of [`/blogs/${blog!.id}`, "/blogs"]) {
    const page = await host.app.inject(url);
    expect(page.statusCode, url).toBe(200);
    expect(page.body, url).toContain("Pictures elsewhere");
    // The page's CSP allows images from the site (and configured origins) only.
    expect(String(page.headers["content-security-policy"])).toContain("img-src 'self' data: blob:;");
    expect(page.body, url).not.toContain("elsewhere.example");
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
      // Methods a web `Request` cannot carry, and Host headers that make no origin.
      for (const method of ["TRACE"] as const) {
        const refused = await host.app.inject({ method, url: "/blogs" });
        expect([refused.statusCode, refused.json()], method).toEqual([
          405,
          { success: false, statusCode: 405, message: "Method not allowed" },
        ]);
      }
      for (const hostHeader of ["[::1", "a b", "evil@localhost", "localhost/x", ":99999999"]) {
        const refused = await host.app.inject({ url: "/release-logs", headers: { host: hostHeader } });
        expect([refused.statusCode, refused.json()], hostHeader).toEqual([
          400,
          { success: false, statusCode: 400, message: "Bad request" },
        ]);
      }
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });

  test("a request line claiming another HTTP version, or a transfer coding besides chunked, is 400, read no further", async () => {
    const contact = JSON.stringify({ fullName: "Layla", email: "layla@example.com" });
    for (const request of [
      "GET /api/v1/health HTTP/2.0\r\nHost: localhost\r\nConnection: close\r\n\r\n",
      "GET /aboutus HTTP/0.9\r\nHost: localhost\r\nConnection: close\r\n\r\n",
      // Node reads the chunks; the gzip the client claims would be ignored, or handed on.
      `POST /api/v1/supportRequests/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n${contact.length.toString(16)}\r\n${contact}\r\n0\r\n\r\n`,
      "POST /contact-us HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n",
      // HTTP/1.0 has no transfer codings: a proxy in front would read this body by its length.
      `POST /api/v1/supportRequests/ HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${contact.length.toString(16)}\r\n${contact}\r\n0\r\n\r\n`,
    ]) {
      const answer = await sendBytes(host, request);
      const [head = "", body = ""] = answer.split("\r\n\r\n", 2);
      expect(head.split("\r\n")[0], request).toMatch(/^HTTP\/1\.1 400 /);
      expect(body, request).toBe('{"success":false,"statusCode":400,"message":"Bad request"}');
      expect(head.toLowerCase(), request).toContain("content-security-policy:");
    }
    // HTTP/1.0 and a chunked body alone are read as ever.
    const http10 = await sendBytes(host, "GET /api/v1/health HTTP/1.0\r\nHost: localhost\r\n\r\n", {
      keepSending: true,
    });
    expect(http10.split("\r\n")[0]).toMatch(/^HTTP\/1\.1 200 /);
    const chunked = await sendBytes(
      host,
      `POST /api/v1/supportRequests/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n${contact.length.toString(16)}\r\n${contact}\r\n0\r\n\r\n`,
      { keepSending: true },
    );
    // Read and validated: the fields it lacks are named.
    expect(chunked).toContain("Phone number is required");
  });

  test("an empty Host header, or none, or two, renders no page, so no page is kept in another's place", async () => {
    // `http:///aboutus` is the page `/` of the host `aboutus`: the page cache once kept the
    // home page as `/aboutus` (and the English home page as `/ar`) for every visitor.
    for (const path of ["/aboutus", "/ar", "/ar/transport"]) {
      for (const request of [
        `GET ${path} HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n`,
        `GET ${path} HTTP/1.0\r\n\r\n`,
      ]) {
        const answer = await sendBytes(host, request);
        expect(answer.split("\r\n")[0], request).toMatch(/^HTTP\/1\.[01] 400 /);
        expect(answer, request).not.toContain("<html");
      }
    }
    const about = await host.app.inject("/aboutus");
    expect(about.body).toContain("<title>About us");
    // Nor is a kept copy served to a Host no render would take, or to two Hosts (RFC 9112 §3.2).
    expect((await host.app.inject("/aboutus")).headers["x-page-cache"]).toBe("hit");
    for (const request of [
      "GET /aboutus HTTP/1.1\r\nHost: localhost:abc\r\nConnection: close\r\n\r\n",
      "GET /aboutus HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
      "GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nhost: localhost\r\nConnection: close\r\n\r\n",
    ]) {
      const answer = await sendBytes(host, request);
      const [head = "", body = ""] = answer.split("\r\n\r\n", 2);
      const [statusLine, ...lines] = head.split("\r\n");
      expect(statusLine, request).toMatch(/^HTTP\/1\.1 400 /);
      expect(body, request).toContain('{"success":false,"statusCode":400,"message":"Bad request"}');
      expectSecurityHeaders(
        Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(":")).toLowerCase(),
            line.slice(line.indexOf(":") + 1).trim(),
          ]),
        ),
      );
    }
    const arabic = await host.app.inject("/ar");
    expect(arabic.body).toContain('<html lang="ar"');
    const shows = await host.app.inject("/ar/transport");
    expect(shows.body).toContain('<html lang="ar"');
  });

  test("a form posted from another site is refused however the path is written", async () => {
    // A path that begins with two slashes (or a slash and a backslash) once read as another
    // host: React Router took `//evil.example/contact-us` for the page `/contact-us` on the
    // origin `evil.example`, and the other site's form passed its same-origin check.
    const mails = async () => (await database.db.select().from(outbox)).length;
    const before = await mails();
    for (const path of [
      "/contact-us",
      "//evil.example/contact-us",
      "/\\evil.example/contact-us",
      "//evil.example/alerts",
    ]) {
      const answer = await sendAsIs(host, {
        method: "POST",
        path,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" },
        body: "fullName=Hessa&email=hessa%40example.com&phone=%2B971501234567&subject=Inquiry&division=Technology&supportInquiry=Hi&watch=flights&filter=all",
      });
      expect(answer.statusCode, path).not.toBe(200);
      expect(answer.body, path).not.toContain("Check your mail");
    }
    expect(await mails()).toBe(before);
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

  test("a form takes GET, HEAD and POST alone: another method files nothing and is 405 with Allow", async () => {
    const mails = async () => (await database.db.select().from(outbox)).length;
    const before = await mails();
    const form = {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    };
    const contact =
      "fullName=Put+Test&email=put%40example.com&phone=%2B971501234567&subject=Inquiry&division=Technology&supportInquiry=Hi";
    const cases = [
      // React Router hands any method but GET and HEAD to the page's action, as a post.
      ["PUT", "/contact-us", form, contact, "GET, HEAD, POST", "en"],
      ["DELETE", "/ar/contact-us", form, contact, "GET, HEAD, POST", "ar"],
      [
        "PATCH",
        "/alerts",
        form,
        "watch=flights&email=patch%40example.com&filter=all&language=en",
        "GET, HEAD, POST",
        "en",
      ],
      ["PUT", "/delete-account", form, "email=put%40example.com&intent=ask", "GET, HEAD, POST", "en"],
      ["PUT", "/contact-us.data", form, contact, "GET, HEAD, POST", "en"],
      // Without a body, refused for its method, not for its missing content type.
      ["PUT", "/alerts", {}, undefined, "GET, HEAD, POST", "en"],
      // A page with no form takes no post either.
      ["POST", "/aboutus", form, "a=1", "GET, HEAD", "en"],
      ["OPTIONS", "/ar/blogs", {}, undefined, "GET, HEAD", "ar"],
    ] as const;
    const notAllowed = { en: "Method not allowed", ar: "طريقة الطلب غير مسموح بها" };
    for (const [method, url, headers, payload, allow, language] of cases) {
      const answer = await host.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      const what = `${method} ${url}`;
      expect([answer.statusCode, answer.headers.allow], what).toEqual([405, allow]);
      expect(answer.json(), what).toEqual({ success: false, statusCode: 405, message: notAllowed[language] });
      expectSecurityHeaders(answer.headers);
    }
    expect(await mails()).toBe(before);
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
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(await codeMails()).toHaveLength(1);
  });

  test("a form's answer is the poster's alone: never public, never kept", async () => {
    const post = () =>
      host.app.inject({
        method: "POST",
        url: "/contact-us",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload:
          "fullName=Hessa+Al+Ketbi&email=hessa%40example.com&phone=%2B971501234567&subject=Inquiry" +
          "&division=Local-Transport&supportInquiry=Is+there+room+for+two+horses%3F",
        remoteAddress: "10.50.0.3",
      });
    for (const answer of [await post(), await post()]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
  });

  test("the NUL character in a form's field is a client error that names the field, not a 500", async () => {
    const answer = await host.app.inject({
      method: "POST",
      url: "/contact-us",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload:
        "fullName=Hessa%00Al+Ketbi&email=hessa%40example.com&phone=%2B971501234567&subject=Inquiry" +
        "&division=Local-Transport&supportInquiry=Is+there+room%3F",
      remoteAddress: "10.50.0.4",
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("fullName must not contain the NUL character");
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

  test.each([
    ["/contact-us", "Unexpected Application Error!", "415 Unsupported Media Type"],
    ["/ar/contact-us", "حدث خطأ غير متوقع في التطبيق!", "415 نوع المحتوى غير مدعوم"],
  ])(
    "the fallback screen of %s names the status in the page's language, and the page by it",
    async (url, title, text) => {
      const response = await host.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "text/plain" },
        payload: "x",
      });
      expect(response.statusCode).toBe(415);
      expect(response.body).toContain(`<h1 class="text-2xl font-bold">${title}</h1>`);
      expect(response.body).toContain(`<p class="mt-4 text-lg">${text}</p>`);
      expect(response.body).toContain(`<title>${title}</title>`);
      // No description made of a message id the unloaded catalogue could not translate.
      expect(response.body).not.toContain('name="description"');
    },
  );
});

test("behind a trusted proxy, a port in X-Forwarded-For is not a new client, nor is any value that is no address", async () => {
  const ask = (forwardedFor: string) =>
    host.app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions",
      headers: { "x-forwarded-for": forwardedFor },
      payload: { email: "ports@example.com", watch: "flights", filter: "all", language: "en" },
    });
  // 10 alert requests per client per 10 minutes: a fresh source port for each is still one client.
  const statuses = [];
  for (let port = 40_000; port < 40_011; port++) statuses.push((await ask(`203.0.113.50:${port}`)).statusCode);
  expect(statuses).toEqual([...Array(10).fill(202), 429]);
  const garbage = [];
  for (let i = 0; i < 11; i++) garbage.push((await ask(`client-${i}`)).statusCode);
  expect(garbage).toEqual([...Array(10).fill(202), 429]);
});

describe("a page's form never claims what the API refused", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };

  test("with its link calls spent, a client is told to wait: never 'Alerts stopped', never 'no longer valid'", async () => {
    const token = await mailedAlertToken(testHost, "stop-429@example.com", "10.60.0.1");
    const spender = "10.60.0.9";
    for (let i = 0; i < 60; i++)
      await host.app.inject({
        method: "POST",
        url: "/api/v1/alerts/subscriptions/lookup",
        payload: { token: `1.${"A".repeat(43)}` },
        remoteAddress: spender,
      });
    const stop = await host.app.inject({
      method: "POST",
      url: `/alerts/manage/${token}`,
      headers: form,
      payload: `intent=stop&alert=${token}`,
      remoteAddress: spender,
    });
    expect(stop.statusCode).toBe(429);
    expect(Number(stop.headers["retry-after"])).toBeGreaterThan(0);
    expect(stop.body).not.toContain("Alerts stopped");
    const page = await host.app.inject({ url: `/alerts/manage/${token}`, remoteAddress: spender });
    expect(page.statusCode).toBe(429);
    expect(page.body).not.toContain("no longer valid");
    // The alert is still there, for its owner on another connection.
    const owner = await host.app.inject({ url: `/alerts/manage/${token}`, remoteAddress: "10.60.0.2" });
    expect(owner.statusCode).toBe(200);
    expect(owner.body).toContain("Stop this alert");
    // A page link that names nothing stops nothing, and says so.
    const nothing = await host.app.inject({
      method: "POST",
      url: "/alerts/manage/not-a-token",
      headers: form,
      payload: `intent=stop&alert=${token}`,
      remoteAddress: "10.60.0.3",
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.body).not.toContain("Alerts stopped");
  });

  test("a refused contact form passes on the API's retry-after", async () => {
    const post = () =>
      host.app.inject({
        method: "POST",
        url: "/contact-us",
        headers: form,
        payload:
          "fullName=Hessa+Al+Ketbi&email=hessa%40example.com&phone=%2B971501234567&subject=Inquiry" +
          "&division=Local-Transport&supportInquiry=Is+there+room%3F",
        remoteAddress: "10.60.0.20",
      });
    for (let i = 0; i < 10; i++) expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("a code field of five digits is not read as its first four", async () => {
    const answer = await host.app.inject({
      method: "POST",
      url: "/delete-account",
      headers: form,
      payload: "intent=confirm&email=owner%40example.com&otpCode=12345",
      remoteAddress: "10.60.0.30",
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("Verification code must be 4 digits");
  });
});
