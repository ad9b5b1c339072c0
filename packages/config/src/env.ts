import { existsSync } from "node:fs";
import path from "node:path";
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
  LOG_LEVEL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto are believed (client address for
   * rate limits, https for HSTS): comma-separated addresses or CIDR ranges, or the names
   * `loopback`, `linklocal`, `uniquelocal`. Unset = none. (A hop count cannot be used:
   * Fastify 5 refuses forwarded headers from a peer it cannot identify.)
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
        z.array(
          z
            .string()
            .regex(
              /^(loopback|linklocal|uniquelocal|\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F]*:[0-9a-fA-F:]*(\/\d{1,3})?)$/,
              "addresses, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated",
            ),
        ),
      )
      .optional(),
  ),

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
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  // Half a Stripe configuration would silently fall back to the test-card sandbox.
  const keys = [source.STRIPE_PUBLISHABLE_KEY, source.STRIPE_SECRET_KEY].filter((k) => k !== undefined && k !== "");
  if (keys.length === 1)
    lines.push(
      "  STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: set both (real payments) or neither (the offline sandbox)",
    );
  if (result.success)
    lines.push(...deploymentProblems(result.data, source).map((p) => `  ${p.variables}: ${p.problem}`));
  if (!result.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  return result.data;
}

/**
 * Where the process runs (architecture §6): `demo` when `PUBLIC_URL` is unset or names a
 * loopback host (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`) — the local demo that
 * `npm start` gives with nothing configured; `public` for any other origin, where
 * `deploymentProblems` applies.
 */
export function deploymentKind(env: Pick<Env, "PUBLIC_URL">): "demo" | "public" {
  if (!env.PUBLIC_URL) return "demo";
  const host = new URL(env.PUBLIC_URL).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const loopback =
    host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
  return loopback ? "demo" : "public";
}

/** One reason a public deployment refuses to start, and the variables that fix it. */
interface DeploymentProblem {
  variables: string;
  problem: string;
}

/**
 * What a public deployment (`deploymentKind` = `public`) must not run with (architecture §6):
 * payments in test mode (the sandbox, or Stripe test keys) unless `ALLOW_TEST_PAYMENTS`
 * is true; mail written only to files (no `SMTP_URL`) while this process runs the API;
 * `DEMO_DATA` left to its default (it would load demo accounts and invoices into the
 * company's database); no `SECRET_KEY` while this process runs the API (a key generated
 * into one instance's `DATA_DIR` is neither shared by the other instances nor kept with
 * the database's backups, so codes would fail across instances). Answers an empty list for the local demo. `source` is the raw
 * environment, to tell a variable left unset from one set to its default.
 */
function deploymentProblems(env: Env, source: Record<string, string | undefined>): DeploymentProblem[] {
  if (deploymentKind(env) === "demo") return [];
  const problems: DeploymentProblem[] = [];
  if (!env.ALLOW_TEST_PAYMENTS) {
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
  if (!env.API_URL && !env.SMTP_URL)
    problems.push({
      variables: "SMTP_URL",
      problem:
        "mail (deletion codes, support confirmations) would only be written to files under DATA_DIR/outbox; set the SMTP server",
    });
  if (!env.API_URL && !env.SECRET_KEY)
    problems.push({
      variables: "SECRET_KEY",
      problem:
        "not set; set a random secret of at least 32 characters (openssl rand -hex 32), the same on every instance: " +
        "it keys the hashes of verification codes and e-mail addresses",
    });
  if (source.DEMO_DATA === undefined || source.DEMO_DATA === "")
    problems.push({
      variables: "DEMO_DATA",
      problem:
        "not set; set DEMO_DATA=false for the company's site (true loads demo accounts and invoices into this database)",
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
