import { type Env, stripeConfigured } from "@khayl/config/env";
import type { Db } from "@khayl/db/client";
import type { Hasher } from "../../../secret-key.ts";
import type { PaymentProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox.ts";
import { createStripeProvider } from "./stripe.ts";

/**
 * Stripe when both Stripe keys are set (architecture §3.8), otherwise the offline sandbox.
 * Apart from provider.ts (the interface both implement), so neither imports its chooser.
 */
export function createPaymentProvider(deps: { db: Db; env: Env; hasher: Hasher }): PaymentProvider {
  return stripeConfigured(deps.env) ? createStripeProvider(deps.env) : createSandboxProvider(deps.db, deps.hasher);
}
