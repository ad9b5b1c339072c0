import { afterEach, describe, expect, test, vi } from "vitest";
import { cachedPage, createPageCache, matchesEtag, pickEncoding } from "./page-cache.ts";

const page = (text: string) => cachedPage(200, { "content-type": "text/html" }, Buffer.from(text));

afterEach(() => {
  vi.useRealTimers();
});

describe("createPageCache", () => {
  test("concurrent requests for a missing page share one render", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 1_000, staleMs: 10_000 });
    const render = vi.fn(async () => ({ keep: await page("<p>one</p>") }));
    const results = await Promise.all([cache.get("k", render), cache.get("k", render), cache.get("k", render)]);
    expect(render).toHaveBeenCalledTimes(1);
    for (const result of results) expect("page" in result && result.page.identity.toString()).toBe("<p>one</p>");
    const again = await cache.get("k", render);
    expect("page" in again && again.hit).toBe(true);
  });

  test("a stale page is served at once while one render refreshes it", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 30, staleMs: 10_000 });
    await cache.get("k", async () => ({ keep: await page("old") }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    let finish: (value: { keep: Awaited<ReturnType<typeof page>> }) => void = () => undefined;
    const render = vi.fn(
      () => new Promise<{ keep: Awaited<ReturnType<typeof page>> }>((resolve) => (finish = resolve)),
    );
    const stale = await cache.get("k", render);
    expect("page" in stale && stale.page.identity.toString()).toBe("old");
    await cache.get("k", render);
    expect(render).toHaveBeenCalledTimes(1);
    finish({ keep: await page("new") });
    await vi.waitFor(async () => {
      const fresh = await cache.get("k", render);
      expect("page" in fresh && fresh.page.identity.toString()).toBe("new");
    });
  });

  test("a page older than its stale window is rendered again before answering", async () => {
    vi.useFakeTimers({ toFake: ["Date", "performance"] });
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 1_000, staleMs: 1_000 });
    await cache.get("k", async () => ({ keep: await page("old") }));
    vi.advanceTimersByTime(5_000);
    const result = await cache.get("k", async () => ({ keep: await page("new") }));
    expect("page" in result && result.page.identity.toString()).toBe("new");
  });

  test("an answer not to keep is passed back and nothing is kept", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 1_000, staleMs: 1_000 });
    const result = await cache.get("k", async () => ({ pass: "redirect", status: 302 }));
    expect(result).toEqual({ passed: "redirect" });
    expect(cache.stats().entries).toBe(0);
  });

  test("a refresh that answers a redirect or a 4xx forgets the stale page", async () => {
    for (const status of [301, 404, 410]) {
      const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 30, staleMs: 10_000 });
      await cache.get("k", async () => ({ keep: await page("old") }));
      await new Promise((resolve) => setTimeout(resolve, 60));
      const stale = await cache.get("k", async () => ({ pass: "gone", status }));
      expect("page" in stale && stale.page.identity.toString()).toBe("old");
      await vi.waitFor(() => expect(cache.stats().entries).toBe(0));
      const next = await cache.get("k", async () => ({ pass: "gone", status }));
      expect(next, String(status)).toEqual({ passed: "gone" });
    }
  });

  test("a refresh that fails with a 5xx or throws keeps serving the stale page and reports it", async () => {
    const kept = vi.fn();
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 30, staleMs: 10_000, onStaleKept: kept });
    await cache.get("k", async () => ({ keep: await page("old") }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.get("k", async () => ({ pass: "unavailable", status: 503 }));
    await vi.waitFor(() => expect(kept).toHaveBeenCalledWith("k", { status: 503 }));
    const broken = new Error("render failed");
    const stillStale = await cache.get("k", async () => {
      throw broken;
    });
    expect("page" in stillStale && stillStale.page.identity.toString()).toBe("old");
    await vi.waitFor(() => expect(kept).toHaveBeenCalledWith("k", { error: broken }));
    const again = await cache.get("k", async () => ({ pass: "unavailable", status: 503 }));
    expect("page" in again && again.page.identity.toString()).toBe("old");
  });

  test("a missing page whose render answers a 5xx or throws is not kept, and its waiters share one render", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 1_000, staleMs: 1_000 });
    const render = vi.fn(async () => ({ pass: "unavailable", status: 503 }));
    const results = await Promise.all([cache.get("k", render), cache.get("k", render)]);
    expect(results).toEqual([{ passed: "unavailable" }, { passed: "unavailable" }]);
    expect(render).toHaveBeenCalledTimes(1);
    await expect(
      cache.get("k", async () => {
        throw new Error("render failed");
      }),
    ).rejects.toThrow("render failed");
    expect(cache.stats().entries).toBe(0);
  });

  test("clear forgets every page; the size stays under maxBytes", async () => {
    const cache = createPageCache({ maxBytes: 4_000, ttlMs: 60_000, staleMs: 0 });
    for (let i = 0; i < 20; i++) await cache.get(`k${i}`, async () => ({ keep: await page(`page ${i}`) }));
    expect(cache.stats().bytes).toBeLessThanOrEqual(4_000);
    expect(cache.stats().entries).toBeGreaterThan(0);
    cache.clear();
    expect(cache.stats().entries).toBe(0);
  });
});

test("pickEncoding prefers brotli, then gzip, and honours q=0", () => {
  expect(pickEncoding("gzip, deflate, br")).toBe("br");
  expect(pickEncoding("gzip")).toBe("gzip");
  expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
  expect(pickEncoding(undefined)).toBe("identity");
});

test("pickEncoding answers the same for a header seen before, however many others came between", () => {
  for (let i = 0; i < 200; i++) expect(pickEncoding(`gzip, x-${i}`)).toBe("gzip");
  expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
  expect(pickEncoding("gzip, deflate, br")).toBe("br");
  expect(pickEncoding("")).toBe("identity");
});

test("matchesEtag accepts the tag, a weak form of it, a list or *", () => {
  expect(matchesEtag('"a"', '"a"')).toBe(true);
  expect(matchesEtag('W/"a"', '"a"')).toBe(true);
  expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
  expect(matchesEtag("*", '"a"')).toBe(true);
  expect(matchesEtag('"b"', '"a"')).toBe(false);
  expect(matchesEtag(undefined, '"a"')).toBe(false);
});
