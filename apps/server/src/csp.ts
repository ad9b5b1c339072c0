import { type Env, stripeConfigured } from "@khayl/config/env";

/**
 * The Content-Security-Policy of a page response. Scripts need the per-request nonce;
 * Stripe.js and analytics hosts are allowed only when they are configured (architecture §3.9).
 */
export function pageCsp(env: Env, nonce: string, secure: boolean): string {
  const stripe = stripeConfigured(env);
  const analytics = Boolean(env.GA_MEASUREMENT_ID);
  const script = ["'self'", `'nonce-${nonce}'`];
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
