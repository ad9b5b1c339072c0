import ipaddr from "ipaddr.js";
import type { Env } from "./env-schema.ts";
import { isWideProxyRange } from "./proxy-ranges.ts";

/**
 * Where the process runs and what it must then refuse (architecture §6, decision 020): the
 * demo or a public deployment, who else can reach it, and the payment mode.
 */

/** True for `localhost`, `*.localhost` and loopback addresses (127.0.0.0/8, `::1`, IPv4-mapped too), brackets allowed. */
function isLoopbackName(name: string): boolean {
  const host = name
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}

/**
 * Where the process runs (architecture §6): `demo` when `PUBLIC_URL` is unset or names a
 * loopback host (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`) — the local demo that
 * `npm start` gives with nothing configured; `public` for any other origin, where
 * `deploymentProblems` applies. (A demo that other machines can reach must say so:
 * `exposure`.)
 */
export function deploymentKind(env: Pick<Env, "PUBLIC_URL">): "demo" | "public" {
  if (!env.PUBLIC_URL) return "demo";
  return isLoopbackName(new URL(env.PUBLIC_URL).hostname) ? "demo" : "public";
}

/**
 * Why other machines can reach this process, one phrase per reason: `HOST` is not a
 * loopback name or address (`0.0.0.0`, `::`, a LAN address, any host name but
 * `localhost`: what it resolves to is not known here), or `TRUST_PROXY` names a proxy
 * (which forwards other machines' requests). Empty: only this machine can.
 */
function exposure(env: Pick<Env, "HOST" | "TRUST_PROXY">): string[] {
  const reasons: string[] = [];
  if (!isLoopbackName(env.HOST)) reasons.push(`HOST=${env.HOST} listens beyond loopback`);
  if (env.TRUST_PROXY?.length) reasons.push(`TRUST_PROXY=${env.TRUST_PROXY.join(",")} names a proxy`);
  return reasons;
}

/**
 * The warning to log at every start of a demo that other machines can reach by the
 * operator's choice (`DEMO_ON_PUBLIC_ADDRESS=true`, architecture §6); null otherwise.
 */
export function exposedDemoWarning(env: Env): string | null {
  const reasons = exposure(env);
  if (deploymentKind(env) !== "demo" || !env.DEMO_ON_PUBLIC_ADDRESS || reasons.length === 0) return null;
  return (
    `DEMO_ON_PUBLIC_ADDRESS=true: running the DEMO where other machines can reach it (${reasons.join("; ")}): ` +
    "demo accounts and invoices, payments in the sandbox (test cards accepted, nothing charged), verification " +
    "codes written to files and logs. Never the company's site: set PUBLIC_URL to its public origin for that"
  );
}

/** One reason a deployment refuses to start, and the variables that fix it. */
interface DeploymentProblem {
  variables: string;
  problem: string;
}

/**
 * What a server process must not run with (architecture §6, decision 020). Every server
 * runs at least the alerts module on its own database (decision 028; with `API_URL` only
 * that), so these hold with `API_URL` too. Everywhere: no `SECRET_KEY` on a shared
 * database (`DATABASE_URL`), since each instance would generate its own key into its
 * `DATA_DIR`: codes and alert links made by one would fail on another, and each would keep
 * its own per-address and per-client counts. A demo that other machines can reach (`exposure`) without
 * `DEMO_ON_PUBLIC_ADDRESS=true`. On a public deployment (`deploymentKind` = `public`):
 * payments in test mode (the sandbox, or Stripe test keys) unless `ALLOW_TEST_PAYMENTS`
 * is true; mail written only to files (no `SMTP_URL`); no `SECRET_KEY` (a generated key
 * is neither shared by the other instances nor kept with the database's backups); `DEMO_DATA` left to its
 * default (it would load demo accounts and invoices into the company's database);
 * `TRUST_PROXY` ranges wider than /8 (IPv4) or /32 (IPv6), or none at all (the server never
 * ends TLS itself, so an `https:` site always sits behind a proxy); `PUBLIC_URL` on plain
 * `http:` (links with tokens would be mailed in clear); `STRIPE_API_URL` set (payments to a
 * stand-in) unless `ALLOW_TEST_PAYMENTS`; `API_URL` on plain `http:` to a host that is not
 * loopback (the visitors' data would cross the network in clear); `NODE_ENV` other than
 * `production` (React Router's development mode shows server errors to visitors). Answers an empty list for the
 * local demo. `source` is the raw environment, to tell a variable left unset from one set
 * to its default.
 */
export function deploymentProblems(env: Env, source: Record<string, string | undefined>): DeploymentProblem[] {
  const kind = deploymentKind(env);
  const problems: DeploymentProblem[] = [];
  const reasons = exposure(env);
  if (kind === "demo" && reasons.length > 0 && !env.DEMO_ON_PUBLIC_ADDRESS)
    problems.push({
      variables: "PUBLIC_URL or DEMO_ON_PUBLIC_ADDRESS",
      problem:
        `other machines can reach this server (${reasons.join("; ")}) but without a public PUBLIC_URL it would run ` +
        "as the local demo (demo accounts and invoices, test-card payments, verification codes in files and logs); " +
        "set PUBLIC_URL to the site's public origin (a public deployment: live payments, SMTP_URL, SECRET_KEY and " +
        "DEMO_DATA are then required), or DEMO_ON_PUBLIC_ADDRESS=true to run the demo there on purpose, " +
        "or keep it local: HOST=localhost and no TRUST_PROXY",
    });
  const origin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
  const apiUrl = env.API_URL ? new URL(env.API_URL) : undefined;
  if (kind === "public" && origin?.protocol === "http:")
    problems.push({
      variables: "PUBLIC_URL",
      problem:
        "http: a public site is served over https (TLS at the proxy in front of this server); the links it mails " +
        "(alert links, invoice links) would cross the network in clear; set PUBLIC_URL=https://…",
    });
  if (kind === "public" && origin?.protocol === "https:" && !env.TRUST_PROXY?.length)
    problems.push({
      variables: "TRUST_PROXY",
      problem:
        "not set, yet PUBLIC_URL is https: this server never ends TLS itself, so a proxy stands in front of it; " +
        "name it (TRUST_PROXY=loopback when it runs on this machine), or every visitor appears as the proxy " +
        "(every per-client rate limit shared by the whole site) and the site never learns it is served over https " +
        "(no Strict-Transport-Security)",
    });
  if (kind === "public" && env.STRIPE_API_URL && !env.ALLOW_TEST_PAYMENTS)
    problems.push({
      variables: "STRIPE_API_URL",
      problem:
        "set: payments would go to that stand-in instead of Stripe, and invoices marked paid with nothing charged; " +
        "unset it (or ALLOW_TEST_PAYMENTS=true for a test site)",
    });
  if (kind === "public" && apiUrl?.protocol === "http:" && !isLoopbackName(apiUrl.hostname))
    problems.push({
      variables: "API_URL",
      problem:
        "http to a host that is not loopback: contact requests, deletion codes, invoice links and payments would " +
        "cross the network in clear; use the provider's https address",
    });
  if (kind === "public" && !env.ALLOW_TEST_PAYMENTS) {
    if (!stripeConfigured(env))
      problems.push({
        variables: "STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY",
        problem:
          "payments would go to the offline sandbox, which accepts test cards and charges nothing; " +
          "set Stripe's live keys (or ALLOW_TEST_PAYMENTS=true for a test site)",
      });
    else if (stripeTestMode(env))
      problems.push({
        variables: "STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY",
        problem: "these are Stripe test keys; set the live keys (or ALLOW_TEST_PAYMENTS=true for a test site)",
      });
  }
  if (kind === "public" && env.NODE_ENV !== "production")
    problems.push({
      variables: "NODE_ENV",
      problem:
        `${env.NODE_ENV}: the pages would be served in development mode, which sends a failing page's server ` +
        "error (its message and stack) to the visitor; unset it or set NODE_ENV=production",
    });
  if (kind === "public" && !env.SMTP_URL)
    problems.push({
      variables: "SMTP_URL",
      problem:
        "mail (deletion codes, support confirmations, e-mail alerts) would only be written to files under DATA_DIR/outbox; " +
        "set the SMTP server",
    });
  if (!env.SECRET_KEY && (kind === "public" || env.DATABASE_URL))
    problems.push({
      variables: "SECRET_KEY",
      problem:
        "not set; set a random secret of at least 32 characters (openssl rand -hex 32), the same on every instance: " +
        "it keys the hashes of verification codes and of e-mail and client addresses" +
        (env.DATABASE_URL
          ? " (on the shared DATABASE_URL, a key generated by each instance would make codes asked through one " +
            "fail on another and give each instance its own rate-limit counts)"
          : ""),
    });
  if (kind === "public" && (source.DEMO_DATA === undefined || source.DEMO_DATA === ""))
    problems.push({
      variables: "DEMO_DATA",
      problem:
        "not set; set DEMO_DATA=false for the company's site (true loads demo accounts and invoices into this database)",
    });
  const wide = kind === "public" ? (env.TRUST_PROXY ?? []).filter(isWideProxyRange) : [];
  if (wide.length > 0)
    problems.push({
      variables: "TRUST_PROXY",
      problem:
        `${wide.join(", ")} ${wide.length === 1 ? "is" : "are"} wider than /8 (IPv4) or /32 (IPv6): every address ` +
        `in ${wide.length === 1 ? "it" : "them"} could forge X-Forwarded-For and X-Forwarded-Proto; name the proxy's own address or a range of ` +
        "/8 or narrower (IPv4), /32 or narrower (IPv6)",
    });
  return problems;
}

/**
 * True when payments go through Stripe (both keys set, architecture §3.8); otherwise the
 * offline sandbox takes them, in test mode.
 */
export function stripeConfigured(env: Env): boolean {
  return Boolean(env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_SECRET_KEY);
}

/** True when either Stripe key is a test-mode key (`pk_test_…`, `sk_test_…`, `rk_test_…`): nothing is charged. */
function stripeTestMode(env: Env): boolean {
  return [env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_SECRET_KEY].some((key) => /^(pk|sk|rk)_test_/.test(key ?? ""));
}
