import type { InvoiceData, PaymentIntentData } from "@khayl/contract/invoices";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import { failureFromResponse, type PaymentCallResult, type PaymentError } from "../../lib/invoice-payment.ts";
import type { PaymentEvent } from "./payment-machine.ts";

/**
 * What the provider step of a payment answers: the payment method it used, or the failure;
 * `stale` when the intent was no longer open (paid or canceled meanwhile, e.g. from another
 * tab), so the page's invoice is out of date.
 */
type ProviderConfirmResult =
  | { ok: true; paymentMethodId: string }
  | { ok: false; error: PaymentError; stale?: boolean };

/**
 * A payment provider (product §4 step 3): confirms the server's payment intent and answers
 * the payment method it charged. Stripe.js (`stripe-payment.tsx`) and the sandbox
 * (`sandbox-provider.ts`) are the two; both never throw for a refused payment.
 */
export type ConfirmWithProvider = (payment: PaymentIntentData) => Promise<ProviderConfirmResult>;

/** Runs one payment: create the intent on the server, confirm it with the provider, let the server settle it. */
export type RunPayment = (method: PaymentMethodType, confirm: ConfirmWithProvider) => Promise<void>;

/** The server side of a payment: posts one step to `/invoice/{hash}/payment` (`paymentCall`, bound to the page). */
export type PaymentCall = (
  body: { intent: "create"; paymentMethod: PaymentMethodType } | { intent: "confirm"; paymentIntentId: string },
) => Promise<PaymentCallResult>;

/** What a payment run reports to the page: the machine's events, a stale invoice, the paid invoice. */
export interface PaymentRunHooks {
  /** The gross amount the page shows and the visitor agreed to pay, in fils (total + card fee). */
  grossFils: number;
  dispatch: (event: PaymentEvent) => void;
  /**
   * The page's invoice is out of date: the server says it is already paid (409 on create), its
   * payment is for another amount than the page shows, or the provider found the payment's
   * intent no longer open (paid or canceled from another tab meanwhile).
   */
  onStale: () => void;
  /** The server settled the payment: the invoice, now paid. */
  onPaid: (invoice: InvoiceData) => void;
}

const unexpected: PaymentError = { failure: "unexpected", detail: null };

/**
 * One payment, create → confirm → settle (product §4, §8), reported to the payment machine
 * as `start`, `created`, `confirmed`, `settled` or `failed` (with the product §8 failure of
 * the step that failed). A provider that throws counts as 'unexpected'. A payment the server
 * made for another amount than `grossFils` (the invoice changed since the page loaded) is
 * never confirmed: the page reloads the invoice and says the amount changed, so the visitor
 * is charged only what was on screen when Pay was pressed. An intent the provider finds no
 * longer open reloads it too: paid from another tab, the page shows it paid (product §4);
 * and so does a settlement refused with 409 (paid meanwhile, or its amount changed while the
 * card was charged: the server's words say the charge will be refunded). Never throws.
 */
export async function runPayment(
  paymentMethod: PaymentMethodType,
  confirm: ConfirmWithProvider,
  call: PaymentCall,
  { grossFils, dispatch, onStale, onPaid }: PaymentRunHooks,
): Promise<void> {
  const fail = (error: PaymentError) => dispatch({ type: "failed", error });
  dispatch({ type: "start" });
  const created = await call({ intent: "create", paymentMethod });
  if (!created.ok || !("payment" in created)) {
    if (!created.ok && created.status === 409) onStale();
    return fail(
      created.ok ? unexpected : failureFromResponse("create", created.status, created.message, paymentMethod),
    );
  }
  if (created.payment.amountFils !== grossFils) {
    onStale();
    return fail({ failure: "amount-changed", detail: null });
  }
  dispatch({ type: "created", paymentIntentId: created.payment.paymentIntentId });
  const provider = await confirm(created.payment).catch(
    (): ProviderConfirmResult => ({ ok: false, error: unexpected }),
  );
  if (!provider.ok) {
    if (provider.stale) onStale();
    return fail(provider.error);
  }
  dispatch({ type: "confirmed", paymentMethodId: provider.paymentMethodId });
  const settled = await call({ intent: "confirm", paymentIntentId: created.payment.paymentIntentId });
  if (!settled.ok || !("invoice" in settled)) {
    // 409: the invoice was paid from elsewhere, or its amount changed, while this payment ran.
    if (!settled.ok && settled.status === 409) onStale();
    return fail(
      settled.ok ? unexpected : failureFromResponse("settle", settled.status, settled.message, paymentMethod),
    );
  }
  dispatch({ type: "settled" });
  onPaid(settled.invoice);
}
