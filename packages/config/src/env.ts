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

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["production", "development", "test"]).default("production"),
  ),
  PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: withDefault("localhost"),
  /** Embedded database and mail outbox live here (architecture §2). */
  DATA_DIR: withDefault("./data"),
  /** Load the demo content into empty tables at start-up (turn off in production). */
  DEMO_DATA: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : String(v).toLowerCase()),
    z
      .enum(["true", "false"], { error: "true or false" })
      .default("true")
      .transform((v) => v === "true"),
  ),
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
  /** The product (app) name; it also forms the route `/{product}-App` (architecture §3.11). */
  PRODUCT_NAME: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9]+$/, "letters and digits only")
      .default("Khayl"),
  ),
  COMPANY_ADDRESS: withDefault("Warehouse 7, Al Saja'a Industrial Area, Sharjah, United Arab Emirates"),
  COMPANY_TRN: withDefault("100123456700003"),
  IOS_APP_URL: urlWithDefault("https://apps.apple.com/ae/app/khayl/id0000000000"),
  ANDROID_APP_URL: urlWithDefault("https://play.google.com/store/apps/details?id=ae.khayl.app"),
  INSTAGRAM_URL: urlWithDefault("https://www.instagram.com/khayl.ae"),
  LINKEDIN_URL: urlWithDefault("https://www.linkedin.com/company/khayl-ae"),
  SUPPORT_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.string().email().default("support@khayl.example")),
  SUPPORT_PHONE: withDefault("+971 6 000 0000"),
  /** Analytics measurement id (e.g. G-XXXXXXX); unset = no analytics script and no request. */
  GA_MEASUREMENT_ID: optional,

  /** Mail: SMTP when set (smtp://user:pass@host:port), else .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: withDefault("Khayl Logistics <no-reply@khayl.example>"),

  /** Stripe: both keys set = real Stripe; otherwise the offline sandbox provider. */
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Stripe's API root; only to point the server at stripe-mock or a test double (default https://api.stripe.com). */
  STRIPE_API_URL: optionalUrl,
});

export type Env = z.infer<typeof envSchema>;

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
  if (!result.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  return result.data;
}

/**
 * True when payments go through Stripe (both keys set, architecture §3.8); otherwise the
 * offline sandbox takes them, in test mode.
 */
export function stripeConfigured(env: Env): boolean {
  return Boolean(env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_SECRET_KEY);
}

/** The origin used in links (mail, start-up log): PUBLIC_URL or http://localhost:PORT. */
export function publicOrigin(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** The settings the browser may see (conventions §4: only a whitelist reaches the browser). */
export function publicConfig(env: Env) {
  return {
    companyName: env.COMPANY_NAME,
    productName: env.PRODUCT_NAME,
    iosAppUrl: env.IOS_APP_URL,
    androidAppUrl: env.ANDROID_APP_URL,
    instagramUrl: env.INSTAGRAM_URL,
    linkedinUrl: env.LINKEDIN_URL,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
    stripePublishableKey: stripeConfigured(env) ? env.STRIPE_PUBLISHABLE_KEY! : null,
    publicUrl: publicOrigin(env),
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
