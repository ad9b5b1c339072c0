import { z } from "zod";
import { PROXY_NAMES, proxyRange } from "./proxy-ranges.ts";

/**
 * The one configuration schema of the product (architecture §3.11, conventions §4): every
 * variable `parseEnv` (`env.ts`) reads from `process.env` at boot, with its default. Empty
 * strings count as missing. Every variable is documented in `.env.example`.
 */

const optional = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const withDefault = (value: string) => z.preprocess((v) => (v === "" ? undefined : v), z.string().default(value));

/**
 * True when `value` is a URL of one of `schemes` (`https:`, with the colon) naming a host;
 * with `hostParameter`, a `host` query parameter may name it instead (PostgreSQL's Unix
 * socket: `postgres:///khayl?host=/var/run/postgresql`). `smtp://`, `javascript:alert(1)`
 * or `mysql://…` are no such URL: taken as one, they mailed 127.0.0.1, linked a script, or
 * were read as PostgreSQL with a misleading error.
 */
function isUrlOf(value: string, schemes: readonly string[], hostParameter = false): boolean {
  // Not `new URL` unguarded: a throw inside a refinement escapes `safeParse` (see `isOrigin`).
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return schemes.includes(url.protocol) && (url.hostname !== "" || (hostParameter && !!url.searchParams.get("host")));
}

/**
 * A URL of `schemes` with a host (`isUrlOf`), refused in one line saying which schemes and
 * showing `example`.
 */
function urlOf(schemes: readonly string[], example: string, hostParameter = false) {
  const names = schemes.map((scheme) => scheme.slice(0, -1)).join(" or ");
  return z
    .string()
    .refine((value) => isUrlOf(value, schemes, hostParameter), `a URL such as ${example}: ${names}, with a host`);
}
/** An optional `urlOf` variable (empty = unset). */
const optionalUrlOf = (schemes: readonly string[], example: string, hostParameter = false) =>
  z.preprocess((v) => (v === "" ? undefined : v), urlOf(schemes, example, hostParameter).optional());
/** A public link the pages print (the app stores, social profiles): https only; `fallback` when unset. */
const publicLink = (fallback: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), urlOf(["https:"], fallback).default(fallback));

/**
 * True when `value` is an origin: `http:` or `https:`, a host and perhaps a port, with no
 * user or password, path, query or fragment (a trailing `/` allowed). Every link the site
 * prints or mails starts with it, so a password in it would be published and a path would
 * break them all.
 */
function isOrigin(value: string): boolean {
  // Not `new URL` unguarded: it throws on what is no URL at all (`www.example.ae`), and a
  // throw inside a refinement escapes `safeParse` and hides every other bad variable.
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    !url.username &&
    !url.password &&
    url.pathname === "/" &&
    // Even an empty query or fragment (`…/?`, `…#`), which `URL` does not report.
    !value.includes("?") &&
    !value.includes("#")
  );
}
const optionalOrigin = z.preprocess(
  (v) => (v === "" ? undefined : v),
  // `isOrigin` alone, not after `.url()`: one problem, one line.
  z
    .string()
    .refine(
      isOrigin,
      "an origin such as https://www.example.ae: http or https, no user, password, path, query or fragment",
    )
    .optional(),
);
/** One label of a host name: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** A domain name of two labels or more, the last alphabetic (`example.ae`, `mail.example.ae`). */
const DOMAIN_NAME = new RegExp(`^(?:${LABEL}\\.)+[a-z]{2,63}$`);
/** A DKIM selector (RFC 6376 §3.1): one label or more, dot-separated. */
const DKIM_SELECTOR = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

/** A comma-separated list: its items trimmed, the empty ones left out. */
const commaSeparated = z.string().transform((list) =>
  list
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);
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

/** The longest `ALERTS_INTERVAL_SECONDS`: a day. */
const MAX_ALERTS_INTERVAL_S = 86_400;

/**
 * The demo company's names and address: the defaults of `COMPANY_NAME`, `COMPANY_ADDRESS` and
 * their Arabic twins.
 */
export const DEMO_COMPANY = {
  name: "Khayl Logistics",
  nameAr: "خيل للخدمات اللوجستية",
  address: "Warehouse 7, Al Saja'a Industrial Area, Sharjah, United Arab Emirates",
  addressAr: "مستودع 7، منطقة الصجعة الصناعية، الشارقة، الإمارات العربية المتحدة",
} as const;

/** The variables, their checks and defaults (each documented in `.env.example`). */
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
  DATABASE_URL: optionalUrlOf(["postgres:", "postgresql:"], "postgres://khayl@db.internal:5432/khayl", true),
  /** The provider API root the website reads from; unset = the in-process API at /api/v1. */
  API_URL: optionalUrlOf(["https:", "http:"], "https://api.example.ae/api/v1"),
  /** Public origin of the site, used in links printed or mailed (default http://localhost:PORT): `isOrigin`. */
  PUBLIC_URL: optionalOrigin,
  /**
   * Other origins the site's images may come from (the blogs' and release logs' images and
   * the images in their texts, as the API gives them), comma-separated (`isOrigin` each);
   * `API_URL`'s origin is one whatever this says (`imageOrigins`). Unset = only that and the
   * site's own files.
   */
  IMAGE_ORIGINS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    commaSeparated
      .pipe(
        z.array(z.string()).superRefine((entries, ctx) => {
          for (const entry of entries)
            if (!isOrigin(entry))
              ctx.addIssue({
                code: "custom",
                message: `${entry}: not an origin such as https://images.example.ae (comma-separated)`,
              });
        }),
      )
      .optional(),
  ),
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
    commaSeparated
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

  /** The company's registered name: English pages and mails, and the tax invoice's issuer beside its TRN (decision 018). */
  COMPANY_NAME: withDefault(DEMO_COMPANY.name),
  /**
   * The company's name as Arabic pages, mails and documents write it (decision 016), and
   * under the English one at the head of the tax invoice PDF (decision 018). Unset: the demo's
   * Arabic name; unset or still the demo's Arabic name once `COMPANY_NAME` is not the demo's:
   * `COMPANY_NAME` (`parseEnv`).
   */
  COMPANY_NAME_AR: withDefault(DEMO_COMPANY.nameAr),
  /** The product (app) name; it also forms the route `/{product}-App` (architecture §3.11). */
  PRODUCT_NAME: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9]+$/, "letters and digits only")
      .default("Khayl"),
  ),
  COMPANY_ADDRESS: withDefault(DEMO_COMPANY.address),
  /**
   * The address in Arabic, under the English one at the head of the tax invoice PDF
   * (decision 018). Unset: the demo's Arabic address; unset or still the demo's once
   * `COMPANY_ADDRESS` is not the demo's: `COMPANY_ADDRESS` (`parseEnv`).
   */
  COMPANY_ADDRESS_AR: withDefault(DEMO_COMPANY.addressAr),
  COMPANY_TRN: withDefault("100123456700003"),
  IOS_APP_URL: publicLink("https://apps.apple.com/ae/app/khayl/id0000000000"),
  ANDROID_APP_URL: publicLink("https://play.google.com/store/apps/details?id=ae.khayl.app"),
  INSTAGRAM_URL: publicLink("https://www.instagram.com/khayl.ae"),
  LINKEDIN_URL: publicLink("https://www.linkedin.com/company/khayl-ae"),
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
  SMTP_URL: optionalUrlOf(["smtp:", "smtps:"], "smtps://user:password@smtp.example.ae:465"),
  /**
   * SMTP without TLS to a host that is not loopback: refused unless this is true (the
   * transport requires STARTTLS, or use `smtps:`; architecture §3.6).
   */
  SMTP_ALLOW_PLAINTEXT: flag("false"),
  MAIL_FROM: withDefault("Khayl Logistics <no-reply@khayl.example>"),
  /**
   * DKIM signing of every mail (RFC 6376; architecture §3.6), which one-click unsubscribe
   * needs (RFC 8058 §4: the signature covers `List-Unsubscribe` and `List-Unsubscribe-Post`):
   * the signing domain (`d=`, MAIL_FROM's domain or one it aligns with for DMARC), the
   * selector (`s=`: the key is published at `<selector>._domainkey.<domain>`), and the file
   * of the PEM RSA private key (`readDkimKey`). All three or none (`parseEnv`); none = unsigned.
   */
  DKIM_DOMAIN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((name) => name.length <= 253 && DOMAIN_NAME.test(name), "a domain name such as example.ae")
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (name) => name.length <= 63 && DKIM_SELECTOR.test(name),
        "letters, digits and hyphens, dot-separated labels (e.g. khayl2027)",
      )
      .optional(),
  ),
  DKIM_PRIVATE_KEY_FILE: optional,

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
  /**
   * Account-deletion asks per hour from everyone together (a fifth at most from one client):
   * each may mail a code to an account's owner, so a flood from many clients cannot turn the
   * site into a mailer; past it 429 until the hour ends.
   */
  DELETION_ASKS_PER_HOUR: budget(300),
  /** Wrong account-deletion codes per hour from everyone together; past it confirmations pause until the hour ends. */
  DELETION_WRONG_CODES_PER_HOUR: budget(30),
  /** Alert confirmation mails per hour to everyone together (decision 028); requests past it are answered alike and dropped. */
  ALERT_CONFIRMATIONS_PER_HOUR: budget(60),
  /**
   * How often the alerts watcher compares the schedules with what it has seen (decision 028),
   * in seconds: at most a day (`MAX_ALERTS_INTERVAL_S`; a timer cannot wait past ~24.8 days,
   * and alerts a day late are no alerts).
   */
  ALERTS_INTERVAL_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(MAX_ALERTS_INTERVAL_S, `at most ${MAX_ALERTS_INTERVAL_S} (a day)`).default(300),
  ),

  /**
   * The server secret that keys the HMACs of verification codes, e-mail addresses,
   * client addresses and alert links kept in the database, and seals the code and alert
   * mails waiting in the outbox (architecture §3.6, §3.7); the same on every instance.
   * Unset on the demo: a random key is generated once and kept in `DATA_DIR/secret-key`.
   */
  SECRET_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .min(32, "at least 32 characters (e.g. the output of `openssl rand -hex 32`)")
      // Random text of 32 characters or more has far more than 8 different ones; spaces, one
      // repeated word or a keyboard run does not.
      .refine(
        (key) => new Set(key.trim()).size >= 8,
        "too uniform for a secret (fewer than 8 different characters): use random text, e.g. `openssl rand -hex 32`",
      )
      .optional(),
  ),

  /** Stripe: both keys set = real Stripe; otherwise the offline sandbox provider. */
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Stripe's API root; only to point the server at stripe-mock or a test double (default https://api.stripe.com). */
  STRIPE_API_URL: optionalUrlOf(["https:", "http:"], "http://stripe-mock:12111"),
  /**
   * A public deployment refuses to take payments in test mode (the offline sandbox, or
   * Stripe test keys) unless this is true: for a staging or demo site on a public address.
   */
  ALLOW_TEST_PAYMENTS: flag("false"),
});

/** The configuration as `parseEnv` answers it: defaults filled in, values converted. */
export type Env = z.infer<typeof envSchema>;
