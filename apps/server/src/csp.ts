import { createHash } from "node:crypto";
import { type Env, stripeConfigured } from "@khayl/config/env";

/** A `<script>` element: its attributes and its text. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Script types a browser runs; anything else (`application/ld+json`) is data, which CSP does not govern. */
const RUNNABLE = /^\s*$|module|javascript|ecmascript/i;

/**
 * The CSP source expressions (`'sha256-…'`) of the inline scripts of a page's HTML, in order
 * of appearance without repeats: what lets exactly these scripts run with no nonce, so that
 * one HTML body can be served to every visitor and kept by caches (decision 017). External
 * scripts (`src=`) and data blocks (`type="application/ld+json"`) are not hashed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1] ?? "";
    if (!RUNNABLE.test(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of a page response: its inline scripts by hash (`scriptHashes`,
 * from `inlineScriptHashes`), never `'unsafe-inline'`; Stripe.js and analytics hosts only
 * when they are configured (architecture §3.9).
 */
export function pageCsp(env: Env, scriptHashes: readonly string[], secure: boolean): string {
  const stripe = stripeConfigured(env);
  const analytics = Boolean(env.GA_MEASUREMENT_ID);
  const script = ["'self'", ...scriptHashes];
  const connect = ["'self'"];
  const img = ["'self'", "data:", "blob:"];
  const frame: string[] = [];
  if (stripe) {
    // Stripe's documented policy for Stripe.js, Elements and the payment request (Apple Pay).
    script.push("https://js.stripe.com", "https://*.js.stripe.com");
    connect.push("https://api.stripe.com");
    frame.push("https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com");
  }
  if (analytics) {
    script.push("https://www.googletagmanager.com");
    connect.push(
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
    );
    img.push("https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frame.length ? frame.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The policy of every non-page response (JSON, files): nothing may run. */
export const resourceCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The Permissions-Policy of every response: no camera, microphone or location; the
 * Payment Request API (Apple Pay) for this origin, and for Stripe's frames only when
 * Stripe is configured (architecture §3.9).
 */
export function permissionsPolicy(env: Env): string {
  const stripe = stripeConfigured(env);
  return `camera=(), microphone=(), geolocation=(), payment=(self${stripe ? ' "https://js.stripe.com"' : ""})`;
}
