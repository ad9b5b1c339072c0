import helmet from "@fastify/helmet";
import { deploymentKind } from "@khayl/config/deployment";
import type { Env } from "@khayl/config/env";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { permissionsPolicy, resourceCsp } from "../csp.ts";

/**
 * The security headers of every answer (architecture §3.7): helmet's set without its CSP,
 * HSTS and COEP, with `Referrer-Policy: strict-origin-when-cross-origin`; HSTS (a year,
 * subdomains included) on every answer of a public site whose `PUBLIC_URL` is https, and on
 * HTTPS requests (a trusted proxy saying so) anywhere; the resources' CSP (`resourceCsp`) on every
 * answer that set none (a page sets its own, naming its render's nonce: decision 019); and
 * the `Permissions-Policy` of `env`. A page also sets its own opener policy (`same-origin`
 * but on content pages: `openerPolicy`, decision 024). With `TRUST_PROXY` unset, also
 * warns once about a request that came through a proxy (`warnOnceAboutForwardedHeaders`).
 */
export const securityHeaders = fp<{ env: Env }>(
  async (app: FastifyInstance, { env }) => {
    if (!env.TRUST_PROXY?.length) warnOnceAboutForwardedHeaders(app);
    await app.register(helmet, {
      contentSecurityPolicy: false,
      hsts: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    const httpsSite = isHttpsSite(env);
    app.addHook("onRequest", async (request, reply) => {
      if (httpsSite || request.protocol === "https") reply.header("strict-transport-security", HSTS);
    });
    const permissions = permissionsPolicy(env);
    app.addHook("onSend", async (_request, reply, payload) => {
      // Page responses set their own policy (their render's nonce) in the page handler.
      if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", resourceCsp);
      reply.header("permissions-policy", permissions);
      return payload;
    });
  },
  { name: "security-headers" },
);

/** HSTS's value: a year, subdomains included. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Whether every answer carries HSTS whatever a request says: a public site whose
 * `PUBLIC_URL` is https is always served over TLS, and browsers ignore the header on a
 * plain-http answer, so sending it there costs nothing.
 */
function isHttpsSite(env: Env): boolean {
  return deploymentKind(env) === "public" && Boolean(env.PUBLIC_URL?.startsWith("https:"));
}

/**
 * The security headers of an answer written where no hook runs (a URL that cannot be
 * decoded, a request Node's parser refused, a failed expectation, a client too slow: the
 * answers of ./errors.ts and slow-clients.ts): the same set `securityHeaders` and helmet give
 * every other answer, with the resources' CSP, `Cache-Control: no-store` and HSTS on an https
 * site (`isHttpsSite`; a request that was read and came over TLS adds it too:
 * `frameworkErrorAnswer`).
 */
export function headersOutsideHooks(env: Env): Readonly<Record<string, string>> {
  return {
    "content-security-policy": resourceCsp,
    "permissions-policy": permissionsPolicy(env),
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
    "cache-control": "no-store",
    ...(isHttpsSite(env) ? { "strict-transport-security": HSTS } : {}),
  };
}

/**
 * With `TRUST_PROXY` unset, the first request that carries `X-Forwarded-For` or
 * `Forwarded` logs one warning (once per host, i.e. once per process): the server sits
 * behind a proxy it does not believe, so every client appears as the proxy and every
 * per-client limit (and per-address-and-client budget of account deletion) is shared by
 * the whole site.
 */
function warnOnceAboutForwardedHeaders(app: FastifyInstance): void {
  let warned = false;
  // Fastify cannot drop a hook once it runs, so after the warning this is a plain synchronous
  // return (no promise, no header lookup) on every request.
  app.addHook("onRequest", (request, _reply, done) => {
    if (warned || (request.headers["x-forwarded-for"] === undefined && request.headers.forwarded === undefined))
      return done();
    warned = true;
    request.log.warn(
      { trustProxy: false },
      "a request came through a proxy (X-Forwarded-For or Forwarded) but TRUST_PROXY is unset: every client " +
        "appears as the proxy, so every per-client rate limit is shared by the whole site; set TRUST_PROXY to " +
        "the proxy's address or range (README, Production notes)",
    );
    done();
  });
}
