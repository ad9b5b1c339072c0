import { createHash } from "node:crypto";
import { parseEnv } from "@khayl/config/env";
import { describe, expect, test } from "vitest";
import { newNonce } from "./csp.ts";
import { type AnswerContext, prepareAnswer } from "./page-answer.ts";

const env = parseEnv({});

/**
 * Whether a browser enforcing `csp` runs the inline `<script{attributes}>{text}</script>`
 * (CSP Level 3, script-src): when its nonce or its SHA-256 is named, or when
 * `'unsafe-inline'` is and neither a nonce nor a hash is.
 */
function runs(csp: string, attributes: string, text: string): boolean {
  const sources = (/script-src ([^;]*)/.exec(csp)?.[1] ?? "").split(" ");
  const nonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1];
  if (nonce && sources.includes(`'nonce-${nonce}'`)) return true;
  if (sources.includes(`'sha256-${createHash("sha256").update(text).digest("base64")}'`)) return true;
  return sources.includes("'unsafe-inline'") && !sources.some((s) => /^'(nonce|sha\d+)-/.test(s));
}

/** The inline scripts a browser would run, by their text. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map(
    ([, attributes = "", text = ""]) => ({
      attributes,
      text,
    }),
  );
}

const get = (nonce: string): AnswerContext => ({
  env,
  secure: false,
  method: "GET",
  nonce,
  page: { private: false, scripts: true, personalData: false },
});

describe("the CSP of a page comes from its render, never from its body", () => {
  test("a script injected into the body does not run; the render's own scripts do", async () => {
    const nonce = newNonce();
    // What entry.server.tsx writes (React Router's hydration scripts with the render's
    // nonce), with a script that reached the body some other way: a stored or reflected injection.
    const html =
      `<!DOCTYPE html><html><head><script nonce="${nonce}">window.__reactRouterContext = {};</script></head>` +
      '<body><p>Hello</p><script>alert(1)</script><script nonce="guessed">alert(2)</script>' +
      `<script type="module" async nonce="${nonce}">import("/assets/entry.client.js");</script></body></html>`;
    const answer = await prepareAnswer(
      new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
      get(nonce),
    );
    expect(answer.kind).toBe("page");
    if (answer.kind !== "page") return;
    const csp = answer.headers["content-security-policy"] ?? "";
    const scripts = inlineScripts(answer.body.toString());
    expect(scripts.map((script) => [script.text, runs(csp, script.attributes, script.text)])).toEqual([
      ["window.__reactRouterContext = {};", true],
      ["alert(1)", false],
      ["alert(2)", false],
      ['import("/assets/entry.client.js");', true],
    ]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc).toBe(`'self' 'nonce-${nonce}'`);
  });

  test("a page without scripts (decision 024) allows no inline script at all: our own files, and analytics when configured", async () => {
    const nonce = newNonce();
    // Even a script carrying the render's nonce: such a render writes none, so none may run.
    const html = `<html><head><script nonce="${nonce}">alert(1)</script><script>alert(2)</script></head></html>`;
    const scriptSrc = async (withEnv: AnswerContext["env"]) => {
      const answer = await prepareAnswer(new Response(html, { headers: { "content-type": "text/html" } }), {
        ...get(nonce),
        env: withEnv,
        page: { private: false, scripts: false, personalData: false },
      });
      const csp = answer.kind === "page" ? (answer.headers["content-security-policy"] ?? "") : "";
      expect(inlineScripts(html).map((script) => runs(csp, script.attributes, script.text))).toEqual([false, false]);
      return /script-src ([^;]*)/.exec(csp)?.[1];
    };
    expect(await scriptSrc(env)).toBe("'self'");
    expect(
      await scriptSrc(
        parseEnv({
          GA_MEASUREMENT_ID: "G-TEST123",
          STRIPE_SECRET_KEY: "sk_test_x",
          STRIPE_PUBLISHABLE_KEY: "pk_test_x",
        }),
      ),
    ).toBe("'self' https://www.googletagmanager.com");
  });
});

describe("Cache-Control by what was asked", () => {
  const page = () => new Response("<html></html>", { headers: { "content-type": "text/html" } });

  test.each(["POST", "PUT", "DELETE"])("an answer to a %s is never shared, whatever its route said", async (method) => {
    const answer = await prepareAnswer(page(), { ...get(newNonce()), method });
    expect(answer.kind === "page" && answer.shared).toBe(false);
    expect(answer.kind === "page" && answer.headers["cache-control"]).toBe("private, no-store");
    const redirect = await prepareAnswer(
      new Response(null, { status: 303, headers: { location: "/", "cache-control": "public, max-age=60" } }),
      { ...get(newNonce()), method },
    );
    expect(redirect.kind === "other" && redirect.response.headers.get("cache-control")).toBe("private, no-store");
  });

  test("an answer that is not a page and says nothing of caching is kept by no one; one that says keeps it", async () => {
    const data = await prepareAnswer(
      new Response("[]", { headers: { "content-type": "text/x-script" } }),
      get(newNonce()),
    );
    expect(data.kind === "other" && data.response.headers.get("cache-control")).toBe("private, no-store");
    const feed = await prepareAnswer(
      new Response("BEGIN:VCALENDAR", {
        headers: { "content-type": "text/calendar", "cache-control": "public, max-age=300" },
      }),
      get(newNonce()),
    );
    expect(feed.kind === "other" && feed.response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  test("a private page's answers, pages or not, are never kept, indexed or referred", async () => {
    const rules = { ...get(newNonce()), page: { private: true, scripts: true, personalData: false } };
    const html = await prepareAnswer(page(), rules);
    const pdf = await prepareAnswer(
      new Response("%PDF", { headers: { "content-type": "application/pdf", "cache-control": "public, max-age=60" } }),
      rules,
    );
    expect(html.kind === "page" && html.shared).toBe(false);
    for (const headers of [
      html.kind === "page" ? new Headers(html.headers) : new Headers(),
      pdf.kind === "other" ? pdf.response.headers : new Headers(),
    ]) {
      expect(headers.get("cache-control")).toBe("private, no-store");
      expect(headers.get("x-robots-tag")).toMatch(/noindex/);
      expect(headers.get("referrer-policy")).toBe("strict-origin");
    }
    expect(pdf.kind === "other" && (await pdf.response.text())).toBe("%PDF");
  });
});
