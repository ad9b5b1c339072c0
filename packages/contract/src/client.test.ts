import { describe, expect, test } from "vitest";
import { accountDeletionEndpoints } from "./account-deletion.ts";
import { createApiClient, createResponseCache, reuseMsOf } from "./client.ts";
import { invoiceEndpoints } from "./invoices.ts";
import { selectiveServiceEndpoints } from "./selective-services.ts";
import { supportRequestEndpoints } from "./support-requests.ts";

/** A stand-in for the provider API over HTTP (the edge of this module), counting requests. */
function fakeApi(cacheControl: string, status = 200) {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    calls.push(String(input));
    const body =
      status === 200
        ? { success: true, statusCode: 200, message: "ok", data: { rows: [], count: calls.length } }
        : { success: false, statusCode: status, message: "nope" };
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", "cache-control": cacheControl },
    });
  };
  return { calls, fetch };
}

describe("reuseMsOf", () => {
  test.each([
    ["public, max-age=60, stale-while-revalidate=300", 60_000],
    ["max-age=60", 0],
    ["public, no-store", 0],
    ["private, no-store", 0],
    ["public, no-cache, max-age=60", 0],
    ["public, max-age=abc", 0],
    [null, 0],
  ])("%s → %d ms", (header, ms) => expect(reuseMsOf(header)).toBe(ms));
});

describe("client cache", () => {
  const flights = { query: { limit: 100, offset: 0, showOnWebsite: true } };

  test("a public GET answer is reused until its max-age, then fetched again", async () => {
    let clock = 0;
    const cache = createResponseCache({ maxEntries: 10, maxTtlMs: 60_000, now: () => clock });
    const api = fakeApi("public, max-age=30");
    const client = createApiClient({ baseUrl: "http://api/v1", fetch: api.fetch, cache });
    expect((await client.call(selectiveServiceEndpoints.listWebsite, flights)).count).toBe(1);
    clock = 29_999;
    expect((await client.call(selectiveServiceEndpoints.listWebsite, flights)).count).toBe(1);
    clock = 30_000;
    expect((await client.call(selectiveServiceEndpoints.listWebsite, flights)).count).toBe(2);
    // Another query is another entry.
    await client.call(selectiveServiceEndpoints.listWebsite, { query: { limit: 1000, offset: 0 } });
    expect(api.calls).toHaveLength(3);
  });

  test("no-store answers, errors and other languages are never served from the cache", async () => {
    const cache = createResponseCache({ maxEntries: 10, maxTtlMs: 60_000 });
    const noStore = fakeApi("no-store");
    const client = createApiClient({ baseUrl: "http://api/v1", fetch: noStore.fetch, cache });
    await client.call(accountDeletionEndpoints.ask, { query: { email: "a@example.com" } }).catch(() => undefined);
    await client.call(accountDeletionEndpoints.ask, { query: { email: "a@example.com" } }).catch(() => undefined);
    expect(noStore.calls).toHaveLength(2);

    const failing = fakeApi("public, max-age=60", 503);
    const failingClient = createApiClient({ baseUrl: "http://api/v1", fetch: failing.fetch, cache });
    await expect(failingClient.call(selectiveServiceEndpoints.listWebsite, flights)).rejects.toThrow("nope");
    await expect(failingClient.call(selectiveServiceEndpoints.listWebsite, flights)).rejects.toThrow("nope");

    const shared = fakeApi("public, max-age=60");
    await createApiClient({ baseUrl: "http://x/v1", fetch: shared.fetch, cache, language: "en" }).call(
      selectiveServiceEndpoints.listWebsite,
      flights,
    );
    await createApiClient({ baseUrl: "http://x/v1", fetch: shared.fetch, cache, language: "ar" }).call(
      selectiveServiceEndpoints.listWebsite,
      flights,
    );
    expect(shared.calls).toHaveLength(2);
  });

  test("holds at most maxEntries answers, dropping the least recently used", () => {
    const cache = createResponseCache({ maxEntries: 2, maxTtlMs: 60_000, now: () => 0 });
    cache.set("a", 1, 1000);
    cache.set("b", 2, 1000);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3, 1000);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
  });
});

test("an answer fetched while the cache was cleared (content changed) is not kept", async () => {
  const cache = createResponseCache({ maxEntries: 10, maxTtlMs: 60_000 });
  let count = 0;
  let clearMidway = true;
  const fetch: typeof globalThis.fetch = async () => {
    count++;
    if (clearMidway) cache.clear(); // the content_changed notice arrives while this answer is on its way
    return new Response(JSON.stringify({ success: true, statusCode: 200, message: "ok", data: { rows: [], count } }), {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=60" },
    });
  };
  const client = createApiClient({ baseUrl: "http://api/v1", fetch, cache });
  const flights = { query: { limit: 100, offset: 0 } };
  expect((await client.call(selectiveServiceEndpoints.listWebsite, flights)).count).toBe(1);
  clearMidway = false;
  expect((await client.call(selectiveServiceEndpoints.listWebsite, flights)).count).toBe(2);
  expect((await client.call(selectiveServiceEndpoints.listWebsite, flights)).count).toBe(2);
});

describe("a remote API gets a bounded wait (timeoutMs, retries)", () => {
  /** A real HTTP server playing the provider API: answers each request with the next scripted reply ('hang' never answers). */
  async function scriptedServer(replies: (number | "hang")[]) {
    const { createServer } = await import("node:http");
    let hits = 0;
    const server = createServer((request, response) => {
      request.resume();
      const reply = replies[Math.min(hits++, replies.length - 1)] ?? "hang";
      if (reply === "hang") return;
      response.writeHead(reply, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          reply === 200
            ? { success: true, statusCode: 200, message: "ok", data: { rows: [], count: 7 } }
            : { success: false, statusCode: reply, message: `status ${reply}` },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return {
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      hits: () => hits,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }
  const flights = { query: { limit: 100, offset: 0 } };

  test("a GET is tried again after 503 and 502, and answers once the server is back", async () => {
    const server = await scriptedServer([503, 502, 200]);
    try {
      const client = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 2_000, retries: 2 });
      expect((await client.call(selectiveServiceEndpoints.listWebsite, flights)).count).toBe(7);
      expect(server.hits()).toBe(3);
    } finally {
      await server.close();
    }
  });

  test("a server that never answers fails each try at timeoutMs, and the GET gives up after its retries", async () => {
    const server = await scriptedServer(["hang"]);
    try {
      const client = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 300, retries: 1 });
      const started = Date.now();
      const error = await client.call(selectiveServiceEndpoints.listWebsite, flights).catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: "ApiError",
        statusCode: 0,
        message: "timeout of 300ms exceeded",
        timedOut: true,
      });
      expect(server.hits()).toBe(2);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await server.close();
    }
  });

  test("callBinary's timeout covers the wait for headers only: a body slower than it arrives whole", async () => {
    const { createServer } = await import("node:http");
    const chunks = ["%PDF-1.7 ", "slow ", "body ", "%%EOF"];
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "application/pdf" });
      let sent = 0;
      const tick = setInterval(() => {
        response.write(chunks[sent++]);
        if (sent === chunks.length) {
          clearInterval(tick);
          response.end();
        }
      }, 400);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      // The body takes 1.6 s, past the 1 s timeout; the headers come at once (a loaded CI
      // took more than a 300 ms timeout to deliver even those).
      const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, timeoutMs: 1_000 });
      const response = await client.callBinary(invoiceEndpoints.printPdf, { body: { hash: "a".repeat(32) } });
      expect(await response.text()).toBe(chunks.join(""));
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const hanging = await scriptedServer(["hang"]);
    try {
      const client = createApiClient({ baseUrl: hanging.baseUrl, timeoutMs: 300 });
      await expect(
        client.callBinary(invoiceEndpoints.printPdf, { body: { hash: "a".repeat(32) } }),
      ).rejects.toMatchObject({ statusCode: 0, message: "timeout of 300ms exceeded" });
    } finally {
      await hanging.close();
    }
  });

  test("a POST is never repeated, and without retries a GET is tried once", async () => {
    const post = await scriptedServer([503, 200]);
    try {
      const client = createApiClient({ baseUrl: post.baseUrl, timeoutMs: 2_000, retries: 2 });
      const body = {
        fullName: "Noura Al Hashimi",
        email: "noura@example.com",
        phone: "+971 50 123 4567",
        subject: "Inquiry" as const,
        division: "Air-Shipping" as const,
        applicableReference: "",
        supportInquiry: "A stall to Liège",
        sourceIsApp: false,
        sourceIsWebsite: true,
      };
      await expect(client.call(supportRequestEndpoints.create, { body })).rejects.toMatchObject({ statusCode: 503 });
      expect(post.hits()).toBe(1);
    } finally {
      await post.close();
    }
    const get = await scriptedServer([503, 200]);
    try {
      const client = createApiClient({ baseUrl: get.baseUrl });
      await expect(client.call(selectiveServiceEndpoints.listWebsite, flights)).rejects.toMatchObject({
        statusCode: 503,
      });
      expect(get.hits()).toBe(1);
    } finally {
      await get.close();
    }
  });
  test("a GET that changes state (the deletion code's mail) is tried once, with the single try's longer wait", async () => {
    const { createServer } = await import("node:http");
    // The provider mails a code on each request and answers after 400 ms, past `timeoutMs`.
    let mails = 0;
    const server = createServer((request, response) => {
      request.resume();
      mails++;
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ success: true, statusCode: 200, message: "sent", data: null }));
      }, 400);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const baseUrl = `http://127.0.0.1:${port}/api/v1`;
      const ask = { query: { email: "omar@example.com" } };
      const patient = createApiClient({ baseUrl, timeoutMs: 150, retries: 2, singleTryTimeoutMs: 3_000 });
      expect(await patient.call(accountDeletionEndpoints.ask, ask)).toBeNull();
      expect(mails).toBe(1);
      // Without a longer single try it times out, and still is not repeated.
      const hasty = createApiClient({ baseUrl, timeoutMs: 150, retries: 2 });
      await expect(hasty.call(accountDeletionEndpoints.ask, ask)).rejects.toMatchObject({ statusCode: 0 });
      expect(mails).toBe(2);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
