import { parseEnv } from "@khayl/config/env";
import { expect, test } from "vitest";
import { newNonce, pageCsp, permissionsPolicy } from "./csp.ts";

const sandbox = parseEnv({});
const stripe = parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_SECRET_KEY: "sk_test_y" });

test("without Stripe or analytics, pages may load and connect to nothing but the site", () => {
  const csp = pageCsp(sandbox, "abc=", false);
  expect(csp).toContain("script-src 'self' 'nonce-abc=';");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("connect-src 'self';");
  expect(csp).toContain("frame-src 'none'");
  expect(csp).not.toMatch(/stripe|google/);
  expect(csp).not.toContain("upgrade-insecure-requests");
});

test("Stripe's script, API and frames are allowed only when both keys are set", () => {
  const csp = pageCsp(stripe, "abc=", true);
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

test("each render draws its own unguessable nonce", () => {
  const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
  expect(nonces.size).toBe(100);
  for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
});

test("images may come from the API's origin and the configured image origins, and no other host", () => {
  expect(pageCsp(sandbox, null, false)).toContain("img-src 'self' data: blob:;");
  const provider = parseEnv({
    API_URL: "https://api.khayl.example/api/v1",
    IMAGE_ORIGINS: "https://cdn.khayl.example, https://cdn.khayl.example/",
  });
  expect(pageCsp(provider, null, false)).toContain(
    "img-src 'self' data: blob: https://cdn.khayl.example https://api.khayl.example;",
  );
  expect(() => parseEnv({ IMAGE_ORIGINS: "https://cdn.khayl.example/images" })).toThrow(/IMAGE_ORIGINS/);
  expect(() => parseEnv({ IMAGE_ORIGINS: "*" })).toThrow(/IMAGE_ORIGINS/);
});
