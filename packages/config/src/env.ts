import { existsSync } from "node:fs";
import path from "node:path";
import { deploymentProblems, stripeConfigured } from "./deployment.ts";
import { dkimProblems } from "./dkim.ts";
import { DEMO_COMPANY, type Env, envSchema } from "./env-schema.ts";

/**
 * The product's configuration (architecture §3.11, conventions §4), read from `process.env`
 * at boot: `parseEnv` validates it against `envSchema` (`env-schema.ts`) and refuses what a
 * deployment must not run with (`deployment.ts`); `publicConfig()` is the whitelist that
 * reaches the browser. The entry point every package imports the configuration from.
 */

export { deploymentKind, exposedDemoWarning, stripeConfigured } from "./deployment.ts";
export type { Env } from "./env-schema.ts";

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
 * also pass `deploymentProblems` and whose DKIM key file must read (`dkimProblems`); the
 * database tools (`db:migrate`, `db:seed`) pass false.
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
  // Half a DKIM configuration would send mail unsigned; a server reads the key now, not at the first mail.
  lines.push(...dkimProblems(source, server).map((line) => `  ${line}`));
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
  return withArabicTwins(result.data, source);
}

/**
 * `parseEnv` for an entry point (`npm start`, `npm run dev`, `db:migrate`, `db:seed`): a
 * refused configuration is printed to stderr as `parseEnv`'s message, with no stack, and
 * the process exits with status 1 (conventions §4).
 */
export function parseEnvOrExit(
  source: Record<string, string | undefined> = process.env,
  options: { server?: boolean } = {},
): Env {
  try {
    return parseEnv(source, options);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * `env` with `COMPANY_NAME_AR` and `COMPANY_ADDRESS_AR` (left unset or empty in `source`, or
 * still the demo's Arabic, as a copy of `.env.example` with only the English lines edited
 * has them) taken from `COMPANY_NAME` and `COMPANY_ADDRESS` once those are not the demo's:
 * the demo company's Arabic must never stand beside another company's name on its Arabic
 * pages, its mails or the head of its tax invoices (decision 018). The English value then
 * stands in, and the invoice prints it once.
 */
function withArabicTwins(env: Env, source: Record<string, string | undefined>): Env {
  const demoOrUnset = (name: string, demo: string) => !source[name] || source[name] === demo;
  return {
    ...env,
    COMPANY_NAME_AR:
      demoOrUnset("COMPANY_NAME_AR", DEMO_COMPANY.nameAr) && env.COMPANY_NAME !== DEMO_COMPANY.name
        ? env.COMPANY_NAME
        : env.COMPANY_NAME_AR,
    COMPANY_ADDRESS_AR:
      demoOrUnset("COMPANY_ADDRESS_AR", DEMO_COMPANY.addressAr) && env.COMPANY_ADDRESS !== DEMO_COMPANY.address
        ? env.COMPANY_ADDRESS
        : env.COMPANY_ADDRESS_AR,
  };
}

/** The company's name in a language (English `COMPANY_NAME`, Arabic `COMPANY_NAME_AR`). */
export function companyNameIn(env: Pick<Env, "COMPANY_NAME" | "COMPANY_NAME_AR">, language: "en" | "ar"): string {
  return language === "ar" ? env.COMPANY_NAME_AR : env.COMPANY_NAME;
}

/**
 * The origins besides the site's own that its pages may load images from (decision 019's
 * `img-src`; the sanitiser's and the cards' image rule, architecture §3.10): `IMAGE_ORIGINS`
 * and the origin of `API_URL` (the provider's images live with it), each as `URL.origin`
 * writes it (`https://cdn.example.ae`), once.
 */
export function imageOrigins(env: Pick<Env, "IMAGE_ORIGINS" | "API_URL">): string[] {
  const origins = new Set((env.IMAGE_ORIGINS ?? []).map((origin) => new URL(origin).origin));
  if (env.API_URL && URL.canParse(env.API_URL)) origins.add(new URL(env.API_URL).origin);
  return [...origins];
}

/**
 * The origin used in links (mails, start-up log): PUBLIC_URL without its trailing slashes,
 * or http://localhost:PORT.
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/(?<!\/)\/+$/, "");
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
    imageOrigins: imageOrigins(env),
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
