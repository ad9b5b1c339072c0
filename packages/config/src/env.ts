import { existsSync } from "node:fs";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";

/**
 * The one configuration schema of the product (architecture §3.11, conventions §4), read from
 * `process.env` at boot. Empty strings count as missing. Every variable is
 * documented in `.env.example`; `publicConfig()` is the whitelist that reaches the
 * browser.
 */
const optional = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const withDefault = (value: string) => z.preprocess((v) => (v === "" ? undefined : v), z.string().default(value));
const urlWithDefault = (value: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.string().url().default(value));
const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional());
const flag = (value: "true" | "false") =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : String(v).toLowerCase()),
    z
      .enum(["true", "false"], { error: "true or false" })
      .default(value)
      .transform((v) => v === "true"),
  );

/** A whole number of at least 1, with a default (the site-wide budgets). */
const budget = (value: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).default(value));

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["production", "development", "test"]).default("production"),
  ),
  PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: withDefault("localhost"),
  /** Embedded database and mail outbox live here (architecture §2). */
  DATA_DIR: withDefault("./data"),
  /**
   * Load the demo content into empty tables at start-up. On by default for the local demo;
   * a public deployment must set it explicitly (`deploymentProblems`).
   */
  DEMO_DATA: flag("true"),
  /** PostgreSQL instead of the embedded PGlite. */
  DATABASE_URL: optionalUrl,
  /** The provider API root the website reads from; unset = the in-process API at /api/v1. */
  API_URL: optionalUrl,
  /** Public origin of the site, used in links printed or mailed (default http://localhost:PORT). */
  PUBLIC_URL: optionalUrl,
  /**
   * Page renders no kept copy answers, per client and per minute, per instance (decision 022,
   * product §9); past it 429. 0 turns the budget off (load tests, end-to-end runs).
   */
  RENDER_BUDGET_PER_MINUTE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).default(120),
  ),
  /** API GETs per client and per minute, per instance (decision 022, product §9); 0 turns it off. */
  API_READ_BUDGET_PER_MINUTE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).default(600),
  ),
  /**
   * How long a shutdown (SIGTERM, SIGINT) waits for the requests and mail under way, in ms;
   * the process then ends within this + 10 s whatever is pending (decision 023, docs/deploy.md).
   */
  SHUTDOWN_GRACE_MS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(600_000).default(20_000),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto are believed (client address for
   * rate limits, https for HSTS): comma-separated addresses or CIDR ranges, or the names
   * `loopback`, `linklocal`, `uniquelocal`. Unset = none. (A hop count cannot be used:
   * Fastify 5 refuses forwarded headers from a peer it cannot identify.) A range that
   * holds every address (`0.0.0.0/0`, `::/0`, `::ffff:0:0/96`) is refused everywhere:
   * any client could forge its address; a public deployment refuses wide ranges too
   * (`deploymentProblems`).
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .transform((list) =>
        list
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string()).superRefine((entries, ctx) => {
          for (const entry of entries) {
            const range = PROXY_NAMES.includes(entry) ? undefined : proxyRange(entry);
            if (!PROXY_NAMES.includes(entry) && !range)
              ctx.addIssue({
                code: "custom",
                message: `${entry}: not an address, a CIDR range or loopback/linklocal/uniquelocal (comma-separated)`,
              });
            else if (range && range[1] === 0)
              ctx.addIssue({
                code: "custom",
                message:
                  `${entry} trusts every address: any client could forge X-Forwarded-For (pose as any visitor, ` +
                  "escape every per-client limit) and X-Forwarded-Proto; name the proxy's own address or range (e.g. loopback)",
              });
          }
        }),
      )
      .optional(),
  ),
  /**
   * Run the demo (demo data, the payment sandbox, codes in files and logs) although other
   * machines can reach the process (`HOST` beyond loopback, or `TRUST_PROXY` set) and
   * `PUBLIC_URL` is not public: refused unless this is true, and logged at warn on every
   * start (`exposedDemoWarning`). Ignored when `PUBLIC_URL` is public (decision 020).
   */
  DEMO_ON_PUBLIC_ADDRESS: flag("false"),

  COMPANY_NAME: withDefault("Khayl Logistics"),
  /** The company's name as Arabic pages, mails and documents write it (decision 016). */
  COMPANY_NAME_AR: withDefault("خيل للخدمات اللوجستية"),
  /** The product (app) name; it also forms the route `/{product}-App` (architecture §3.11). */
  PRODUCT_NAME: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9]+$/, "letters and digits only")
      .default("Khayl"),
  ),
  COMPANY_ADDRESS: withDefault("Warehouse 7, Al Saja'a Industrial Area, Sharjah, United Arab Emirates"),
  /** The address in Arabic, for the bilingual tax invoice (decision 016). */
  COMPANY_ADDRESS_AR: withDefault("مستودع 7، منطقة الصجعة الصناعية، الشارقة، الإمارات العربية المتحدة"),
  COMPANY_TRN: withDefault("100123456700003"),
  IOS_APP_URL: urlWithDefault("https://apps.apple.com/ae/app/khayl/id0000000000"),
  ANDROID_APP_URL: urlWithDefault("https://play.google.com/store/apps/details?id=ae.khayl.app"),
  INSTAGRAM_URL: urlWithDefault("https://www.instagram.com/khayl.ae"),
  LINKEDIN_URL: urlWithDefault("https://www.linkedin.com/company/khayl-ae"),
  SUPPORT_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.string().email().default("support@khayl.example")),
  SUPPORT_PHONE: withDefault("+971 6 000 0000"),
  /**
   * WhatsApp click-to-chat number in international format (`+971 50 000 0000`; spaces
   * allowed), used for `https://wa.me/<digits>` links (product §2, "Show and flight pages"). Unset = the demo number;
   * set to an empty string = no WhatsApp links anywhere (the one variable where empty is not
   * "default": a company without WhatsApp must be able to turn the links off).
   */
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\+[1-9](?: ?[0-9]){7,14}$/.test(v), {
      message: "international format: + and 8 to 15 digits (e.g. +971 50 000 0000), or empty for no WhatsApp links",
    })
    .optional()
    .transform((v) => (v === undefined ? "+971 50 000 0000" : v === "" ? null : v)),
  /** Analytics measurement id (e.g. G-XXXXXXX); unset = no analytics script and no request. */
  GA_MEASUREMENT_ID: optional,

  /** Mail: SMTP when set (smtp://user:pass@host:port), else .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  /**
   * SMTP without TLS to a host that is not loopback: refused unless this is true (the
   * transport requires STARTTLS, or use `smtps:`; architecture §3.6).
   */
  SMTP_ALLOW_PLAINTEXT: flag("false"),
  MAIL_FROM: withDefault("Khayl Logistics <no-reply@khayl.example>"),

  /**
   * Site-wide budgets (architecture §3.7, decision 021), counted in the database and so
   * shared by every instance. Contact submissions accepted per hour from everyone together;
   * past it 429 until the hour ends.
   */
  CONTACT_SUBMISSIONS_PER_HOUR: budget(100),
  /** Bytes contact submissions may store per day (the request and the support team's copy); past it 429. */
  CONTACT_BYTES_PER_DAY: budget(5_000_000),
  /** Notifications to SUPPORT_EMAIL per hour, one per request; the rest go out in one digest mail when the hour ends. */
  SUPPORT_NOTIFICATIONS_PER_HOUR: budget(20),
  /** Wrong account-deletion codes per hour from everyone together; past it confirmations pause until the hour ends. */
  DELETION_WRONG_CODES_PER_HOUR: budget(30),
  /** How often the alerts watcher compares the schedules with what it has seen (decision 028). */
  ALERTS_INTERVAL_SECONDS: budget(300),

  /**
   * The server secret that keys the HMACs of verification codes, e-mail addresses and
   * client addresses kept in the database (architecture §3.7); the same on every instance.
   * Unset on the demo: a random key is generated once and kept in `DATA_DIR/secret-key`.
   */
  SECRET_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "at least 32 characters (e.g. the output of `openssl rand -hex 32`)").optional(),
  ),

  /** Stripe: both keys set = real Stripe; otherwise the offline sandbox provider. */
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Stripe's API root; only to point the server at stripe-mock or a test double (default https://api.stripe.com). */
  STRIPE_API_URL: optionalUrl,
  /**
   * A public deployment refuses to take payments in test mode (the offline sandbox, or
   * Stripe test keys) unless this is true: for a staging or demo site on a public address.
   */
  ALLOW_TEST_PAYMENTS: flag("false"),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Loads `<dir>/.env` into `process.env` when the file exists (Node's own
 * `process.loadEnvFile`: variables already set in the environment win). Answers the
 * file's path, or null when there is none. Called once by each entry point before
 * `parseEnv`.
 */
export function loadEnvFile(dir: string = process.cwd()): string | null {
  const file = path.resolve(dir, ".env");
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}

/**
 * Parses the environment. Throws an `Error` whose message lists every bad variable,
 * one per line (`NAME: problem`), so the process can exit with all of them at once.
 * `server` (default true): the environment of a process that serves the site, which must
 * also pass `deploymentProblems`; the database tools (`db:migrate`, `db:seed`) pass false.
 */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  { server = true }: { server?: boolean } = {},
): Env {
  const result = envSchema.safeParse(source);
  const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  // Half a Stripe configuration would silently fall back to the test-card sandbox.
  const keys = [source.STRIPE_PUBLISHABLE_KEY, source.STRIPE_SECRET_KEY].filter((k) => k !== undefined && k !== "");
  if (keys.length === 1)
    lines.push(
      "  STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: set both (real payments) or neither (the offline sandbox)",
    );
  if (server) {
    // With a bad variable, the deployment is judged without it (its own line says what is
    // wrong), so that one message still lists everything to set.
    const bad = new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
    const rest = Object.fromEntries(Object.entries(source).filter(([name]) => !bad.has(name)));
    const judged = result.success ? result : envSchema.safeParse(rest);
    if (judged.success)
      lines.push(
        ...deploymentProblems(judged.data, rest)
          .filter((p) => !p.variables.split(/, | or /).some((name) => bad.has(name)))
          .map((p) => `  ${p.variables}: ${p.problem}`),
      );
  }
  if (!result.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  return result.data;
}

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
 * What a server process must not run with (architecture §6, decision 020). Everywhere: no `SECRET_KEY`
 * while this process runs the API (no `API_URL`) on a shared database (`DATABASE_URL`),
 * since each instance would generate its own key into its `DATA_DIR`: codes asked through
 * one would fail on another, and each would keep its own per-address and per-client
 * counts. A demo that other machines can reach (`exposure`) without
 * `DEMO_ON_PUBLIC_ADDRESS=true`. On a public deployment (`deploymentKind` = `public`):
 * payments in test mode (the sandbox, or Stripe test keys) unless `ALLOW_TEST_PAYMENTS`
 * is true; mail written only to files (no `SMTP_URL`) while this process runs the API;
 * no `SECRET_KEY` while this process runs the API (a generated key is neither shared by
 * the other instances nor kept with the database's backups); `DEMO_DATA` left to its
 * default (it would load demo accounts and invoices into the company's database);
 * `TRUST_PROXY` ranges wider than /8 (IPv4) or /32 (IPv6). Answers an empty list for the
 * local demo. `source` is the raw environment, to tell a variable left unset from one set
 * to its default.
 */
function deploymentProblems(env: Env, source: Record<string, string | undefined>): DeploymentProblem[] {
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
  if (kind === "public" && !env.API_URL && !env.SMTP_URL)
    problems.push({
      variables: "SMTP_URL",
      problem:
        "mail (deletion codes, support confirmations) would only be written to files under DATA_DIR/outbox; set the SMTP server",
    });
  if (!env.API_URL && !env.SECRET_KEY && (kind === "public" || env.DATABASE_URL))
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

/** The proxy-addr names `TRUST_PROXY` takes besides addresses and ranges (each a set of non-routable ranges). */
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * A `TRUST_PROXY` address or CIDR range as [address, prefix length] (an address alone is
 * its own /32 or /128). An IPv4-mapped IPv6 range (`::ffff:a.b.c.d/n`, n ≥ 96) is answered
 * as the IPv4 range it matches (`a.b.c.d/(n − 96)`): Fastify's proxy-addr compares IPv4
 * clients with it so. Undefined when it is neither (IPv4 only in four-part decimal).
 */
function proxyRange(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined {
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return undefined;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) ip = ipaddr.IPv4.parse(address);
  else if (ipaddr.IPv6.isValid(address)) ip = ipaddr.IPv6.parse(address);
  else return undefined;
  const max = ip.kind() === "ipv4" ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return undefined;
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() && prefix >= 96) return [ip.toIPv4Address(), prefix - 96];
  return [ip, prefix];
}

/** True for a `TRUST_PROXY` range wider than /8 (IPv4) or /32 (IPv6); never for the names. */
function isWideProxyRange(entry: string): boolean {
  const range = proxyRange(entry);
  if (!range) return false;
  return range[1] < (range[0].kind() === "ipv4" ? 8 : 32);
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

/** The company's name in a language (English `COMPANY_NAME`, Arabic `COMPANY_NAME_AR`). */
export function companyNameIn(env: Pick<Env, "COMPANY_NAME" | "COMPANY_NAME_AR">, language: "en" | "ar"): string {
  return language === "ar" ? env.COMPANY_NAME_AR : env.COMPANY_NAME;
}

/** The origin used in links (mail, start-up log): PUBLIC_URL or http://localhost:PORT. */
export function publicOrigin(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** The settings the browser may see (conventions §4: only a whitelist reaches the browser). */
export function publicConfig(env: Env) {
  return {
    companyName: env.COMPANY_NAME,
    companyNameAr: env.COMPANY_NAME_AR,
    productName: env.PRODUCT_NAME,
    iosAppUrl: env.IOS_APP_URL,
    androidAppUrl: env.ANDROID_APP_URL,
    instagramUrl: env.INSTAGRAM_URL,
    linkedinUrl: env.LINKEDIN_URL,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    whatsappNumber: env.WHATSAPP_NUMBER,
    gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
    stripePublishableKey: stripeConfigured(env) ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    publicUrl: publicOrigin(env),
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
