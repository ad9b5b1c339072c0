import { parseEnv } from "./env.ts";

/** Fixtures of the configuration's tests (`env.test.ts`, `deployment.test.ts`). */

/** A complete live configuration: a public deployment that starts. */
export const live = {
  PUBLIC_URL: "https://www.example.ae",
  STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
  STRIPE_SECRET_KEY: "sk_live_def",
  SMTP_URL: "smtps://mailer:secret@smtp.example.ae:465",
  SECRET_KEY: "5f0c1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f",
  DEMO_DATA: "false",
  TRUST_PROXY: "loopback",
};

/** The message `parseEnv` throws for `source`, or "" when it accepts it. */
export function refusal(source: Record<string, string>): string {
  try {
    parseEnv(source);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}
