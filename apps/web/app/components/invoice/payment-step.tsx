import { billingCountryIso, isBillingCountry } from "@khayl/contract/card-rules";
import type { InvoiceData, PaymentStepBody } from "@khayl/contract/invoices";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from "react";
import { Link } from "react-router";
import { useLanguage } from "../../lib/i18n/lingui.tsx";
import {
  PAYMENT_ERROR_RESET_MS,
  type PaymentError,
  paymentCall,
  shownPaymentError,
} from "../../lib/invoice-payment.ts";
import { primaryButton, secondaryButton } from "./buttons.ts";
import { type CardValues, CountrySelect, cardComplete, emptyCard, SandboxCardFields } from "./card-form.tsx";
import { canStart, initialPaymentState, isBusy, paymentReducer } from "./payment-machine.ts";
import { type RunPayment, runPayment } from "./payment-provider.ts";
import { sandboxProvider } from "./sandbox-provider.ts";
import type { StripeCardHandle } from "./stripe-payment.tsx";
import { TestModeNotice } from "./test-mode-notice.tsx";

// Stripe.js and Elements load only on this step and only when Stripe is configured (architecture §3.9).
const StripeCardFields = lazy(() => import("./stripe-payment.tsx").then((m) => ({ default: m.StripeCardFields })));
const StripeApplePayButton = lazy(() =>
  import("./stripe-payment.tsx").then((m) => ({ default: m.StripeApplePayButton })),
);

interface ApplePaySessionLike {
  canMakePayments(): boolean;
}

/** True where the browser offers Apple Pay (Safari on a device with a card in Wallet). */
function applePayAvailable(): boolean {
  try {
    const session = (window as unknown as { ApplePaySession?: ApplePaySessionLike }).ApplePaySession;
    return Boolean(session?.canMakePayments());
  } catch {
    return false;
  }
}

export interface PaymentStepProps {
  invoice: InvoiceData;
  hash: string;
  method: PaymentMethodType;
  /** Step 2's URL (Back). */
  backTo: string;
  /** Stripe's publishable key from the public configuration (null: the sandbox). */
  publishableKey: string | null;
  /** The server settled the payment: the invoice, now paid. */
  onPaid: (invoice: InvoiceData) => void;
  /** The invoice is out of date (paid meanwhile, or its amount changed): reload it. */
  onStale: () => void;
}

/**
 * Step 3 (product §4), below its `PaymentSummary` (gross amount, 'Paying with'): in test
 * mode the notice with the test cards, the card form or the Apple Pay button, Back
 * (disabled while processing) and the progress texts 'Preparing Payment...' (the server
 * creates the intent) and 'Processing Payment...' (the provider charges, the server
 * checks). Messages of product §8; after a card error the
 * payment state resets after 3000 ms (Pay stays disabled until then; the message stays
 * until the next attempt). The payment's state and its transitions are `paymentReducer`
 * (payment-machine.ts); this component runs the steps and renders the state, in the page's
 * language: the machine holds failures by kind, and their text is chosen here.
 */
export function PaymentStep({ invoice, hash, method, backTo, publishableKey, onPaid, onStale }: PaymentStepProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [hydrated, setHydrated] = useState(false);
  const [state, dispatch] = useReducer(paymentReducer, initialPaymentState);
  // The form's values: the sandbox card fields (and the country, for Stripe too) and whether Stripe's are complete.
  const [card, setCard] = useState<CardValues>(emptyCard);
  const [stripeComplete, setStripeComplete] = useState(false);
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  const running = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const withStripe = invoice.paymentProvider === "stripe";
  const { error } = state;
  const busy = isBusy(state);
  const stripeFailed = state.provider.failed;

  useEffect(() => setHydrated(true), []);
  // Pay (which kept the focus while processing) is disabled while a card error waits for its
  // reset: give focus to the new message so a keyboard user continues from there, not from
  // the top of the page.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  // product §4: after a card error the payment state resets after 3000 ms.
  useEffect(() => {
    if (state.status !== "failed") return;
    const timer = setTimeout(() => dispatch({ type: "reset" }), PAYMENT_ERROR_RESET_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  const fail = (paymentError: PaymentError) => dispatch({ type: "failed", error: paymentError });
  const call = (body: PaymentStepBody) => paymentCall(hash, body, fetch, language);

  const run: RunPayment = async (paymentMethod, confirm) => {
    if (running.current) return; // a double click starts one payment
    running.current = true;
    try {
      await runPayment(paymentMethod, confirm, call, { grossFils: invoice.grossFils, dispatch, onStale, onPaid });
    } finally {
      running.current = false;
    }
  };

  const billing = {
    name: invoice.user?.displayName ?? null,
    email: invoice.user?.email ?? null,
    phone: invoice.user?.phoneNumber ?? null,
  };
  const sandboxConfirm = (paymentMethod: PaymentMethodType) => sandboxProvider(paymentMethod, card, billing, call);

  function payByCard() {
    if (!canStart(state)) return;
    if (!withStripe) {
      void run("card", sandboxConfirm("card"));
      return;
    }
    if (stripeFailed || !publishableKey) return fail({ failure: "provider-not-loaded", detail: null });
    const handle = stripeHandle.current;
    if (!handle) return fail({ failure: "card-element-missing", detail: null });
    const country = isBillingCountry(card.country) ? billingCountryIso[card.country] : "AE";
    void run(
      "card",
      handle.confirm(
        { ...billing, country },
        { invoiceId: String(invoice.id), userId: String(invoice.user?.id ?? "") },
      ),
    );
  }

  function payWithSandboxApplePay() {
    if (!canStart(state)) return;
    if (!applePayAvailable()) return fail({ failure: "apple-pay-unavailable", detail: null });
    void run("apple-pay", sandboxConfirm("apple-pay"));
  }

  const complete = withStripe ? stripeComplete && isBillingCountry(card.country) : cardComplete(card);
  const cardFieldsComplete = withStripe ? stripeComplete : cardComplete({ ...card, country: "UAE" });
  const canPay = hydrated && complete && canStart(state);
  const preparing = t`Preparing Payment...`;
  const progress =
    state.status === "preparing" ? preparing : state.status === "processing" ? t`Processing Payment...` : "";
  const shown = error ? shownPaymentError(error, i18n) : null;
  const cardDetails = t`Card details`;

  const errorBox = shown ? (
    <div
      ref={errorRef}
      role="alert"
      tabIndex={-1}
      className={
        "rounded-lg bg-red-50 p-3 text-red-800 focus:outline-none focus-visible:ring-2 " + "focus-visible:ring-red-700"
      }
    >
      <p className="font-semibold">{shown.message}</p>
      {shown.detail ? <p className="mt-1 text-sm">{shown.detail}</p> : null}
    </div>
  ) : null;

  const back = busy ? (
    <button type="button" disabled className={secondaryButton}>
      {t`Back`}
    </button>
  ) : (
    <Link to={backTo} preventScrollReset className={secondaryButton}>
      {t`Back`}
    </Link>
  );

  const loadFailed = () => dispatch({ type: "provider-failed" });

  return (
    <>
      {invoice.testMode ? <TestModeNotice method={method} provider={invoice.paymentProvider} /> : null}
      {method === "card" ? (
        <form
          noValidate
          aria-label={cardDetails}
          onSubmit={(event) => {
            event.preventDefault();
            payByCard();
          }}
          className="grid gap-4"
        >
          <fieldset disabled={busy} className="grid gap-4">
            <legend className="sr-only">{cardDetails}</legend>
            {withStripe && publishableKey && hydrated ? (
              <Suspense fallback={<p className="text-slate-700">{preparing}</p>}>
                <StripeCardFields
                  key={state.provider.attempt}
                  publishableKey={publishableKey}
                  onReady={(handle) => {
                    stripeHandle.current = handle;
                    if (handle) dispatch({ type: "provider-ready" });
                  }}
                  onLoadError={loadFailed}
                  onCompleteChange={setStripeComplete}
                />
              </Suspense>
            ) : withStripe ? null : (
              <SandboxCardFields
                values={card}
                disabled={busy}
                onChange={(values) => {
                  setCard(values);
                  dispatch({ type: "edited" });
                }}
              />
            )}
            <CountrySelect
              value={card.country}
              disabled={busy}
              forceError={cardFieldsComplete}
              onChange={(country) => setCard({ ...card, country })}
            />
          </fieldset>
          <p className="text-sm text-slate-700">
            {t`Your card details go straight to the payment provider; we keep only the card type and its last 4 digits.`}
          </p>
          <p role="status" className="min-h-6 font-semibold text-brand">
            {progress}
          </p>
          {errorBox}
          {withStripe && stripeFailed ? (
            <button type="button" className={secondaryButton} onClick={() => dispatch({ type: "provider-retry" })}>
              {t`Try again`}
            </button>
          ) : null}
          <div className="flex flex-wrap justify-between gap-3">
            {back}
            {/* While paying, aria-disabled: it keeps the focus (a disabled button drops it to the page). */}
            <button
              type="submit"
              disabled={!busy && !canPay}
              aria-disabled={busy || undefined}
              className={`${primaryButton} aria-disabled:cursor-progress aria-disabled:opacity-60`}
            >
              {busy ? (
                <span
                  aria-hidden="true"
                  className="size-5 animate-spin rounded-full border-2 border-current border-e-transparent"
                />
              ) : null}
              {t`Pay`}
            </button>
          </div>
        </form>
      ) : (
        <div className="grid gap-4">
          {withStripe && publishableKey && hydrated ? (
            <Suspense fallback={<p className="text-slate-700">{preparing}</p>}>
              <StripeApplePayButton
                publishableKey={publishableKey}
                invoice={invoice}
                run={run}
                disabled={!canStart(state)}
                onUnavailable={() => fail({ failure: "apple-pay-unavailable", detail: null })}
                onLoadError={loadFailed}
              />
            </Suspense>
          ) : (
            <button
              type="button"
              disabled={!hydrated || !canStart(state)}
              onClick={
                withStripe ? () => fail({ failure: "provider-not-loaded", detail: null }) : payWithSandboxApplePay
              }
              className={
                "inline-flex min-h-12 w-full items-center justify-center rounded-full bg-black px-6 py-2 " +
                "text-lg font-semibold text-white hover:bg-slate-800 disabled:cursor-not-allowed " +
                "disabled:opacity-60"
              }
            >
              {t`Pay with Apple Pay`}
            </button>
          )}
          <p role="status" className="min-h-6 font-semibold text-brand">
            {progress}
          </p>
          {errorBox}
          <div className="flex flex-wrap justify-between gap-3">{back}</div>
        </div>
      )}
    </>
  );
}
