import { randomBytes } from "node:crypto";
import { type Env, imageOrigins, stripeConfigured } from "@khayl/config/env";

/**
 * A fresh CSP nonce (decision 019): 128 random bits in base64, drawn once per page render.
 * The render writes it on every inline script it emits and `pageCsp` names it; a copy of
 * the page kept by the page cache or a shared cache keeps its nonce with its header. A
 * script that reached the body any other way (an injection) carries none and does not run.
 */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of a page response: inline scripts only with the nonce its
 * render wrote on them (`nonce`, from `newNonce`; never a hash of the body, never
 * `'unsafe-inline'`), module scripts from `'self'`, Stripe.js and analytics hosts only when
 * they are configured (architecture §3.9, decision 019). A page without scripts (its route
 * declares `scripts: false`, decision 024) passes `null`: it has no inline script to allow
 * and loads no Stripe.js, so `script-src` names only `'self'` (and the analytics host). `secure` adds
 * `upgrade-insecure-requests` (an HTTPS page). Images may also come from `imageOrigins`.
 */
export function pageCsp(env: Env, nonce: string | null, secure: boolean): string {
  const stripe = nonce !== null && stripeConfigured(env);
  const analytics = Boolean(env.GA_MEASUREMENT_ID);
  const script = nonce === null ? ["'self'"] : ["'self'", `'nonce-${nonce}'`];
  const connect = ["'self'"];
  // The API's images (and any other configured image origin) as well as the site's own.
  const img = ["'self'", "data:", "blob:", ...imageOrigins(env)];
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
