import { createHash } from "node:crypto";
import { parseEnv } from "@khayl/config/env";
import { expect, test } from "vitest";
import { inlineScriptHashes, pageCsp, permissionsPolicy } from "./csp.ts";

const sandbox = parseEnv({});
const stripe = parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_SECRET_KEY: "sk_test_y" });

test("without Stripe or analytics, pages may load and connect to nothing but the site", () => {
  const csp = pageCsp(sandbox, ["'sha256-abc='"], false);
  expect(csp).toContain("script-src 'self' 'sha256-abc=';");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("connect-src 'self';");
  expect(csp).toContain("frame-src 'none'");
  expect(csp).not.toMatch(/stripe|google/);
  expect(csp).not.toContain("upgrade-insecure-requests");
});

test("Stripe's script, API and frames are allowed only when both keys are set", () => {
  const csp = pageCsp(stripe, [], true);
  expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  expect(csp).toContain("upgrade-insecure-requests");
  expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_test_x" })).toThrow(/set both/);
});

test("the payment permission reaches Stripe's frames only with Stripe", () => {
  expect(permissionsPolicy(sandbox)).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
  expect(permissionsPolicy(stripe)).toBe(
    'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  );
});

test("inline scripts are hashed exactly as written; external scripts and data blocks are not", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const html =
    '<head><script>window.__a = 1;</script><script type="module">import("/assets/x.js");</script>' +
    '<script src="/assets/entry.js"></script><script async src="https://www.googletagmanager.com/gtag/js"></script>' +
    '<script type="application/ld+json">{"@type":"Event"}</script><script>window.__a = 1;</script></head>';
  expect(inlineScriptHashes(html)).toEqual([sha("window.__a = 1;"), sha('import("/assets/x.js");')]);
});
