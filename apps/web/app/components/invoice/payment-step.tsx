import { type BillingCountry, billingCountryIso, digitsOnly, isBillingCountry } from "@khayl/contract/card-rules";
import type { InvoiceData, PaymentIntentData, PaymentMethodType } from "@khayl/contract/invoices";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useInvoiceT } from "../../lib/i18n/invoice.ts";
import {
  failureFromResponse,
  isCardError,
  PAYMENT_ERROR_RESET_MS,
  type PaymentError,
  paymentCall,
  shownPaymentError,
} from "../../lib/invoice-payment.ts";
import { primaryButton, secondaryButton } from "./buttons.ts";
import { type CardValues, CountrySelect, cardComplete, emptyCard, SandboxCardFields } from "./card-form.tsx";
import type { StripeCardHandle } from "./stripe-payment.tsx";

/** What the provider step of a payment answers: the payment method it used, or the failure. */
export type ProviderConfirmResult = { ok: true; paymentMethodId: string } | { ok: false; error: PaymentError };
/** Confirms the server's payment intent with the provider (Stripe.js, or the sandbox). */
export type ConfirmWithProvider = (payment: PaymentIntentData) => Promise<ProviderConfirmResult>;
/** Runs one payment: create the intent on the server, confirm it with the provider, let the server settle it. */
export type RunPayment = (method: PaymentMethodType, confirm: ConfirmWithProvider) => Promise<void>;

// Stripe.js and Elements load only on this step and only when Stripe is configured (architecture §3.9).
const StripeCardFields = lazy(() => import("./stripe-payment.tsx").then((m) => ({ default: m.StripeCardFields })));
const StripeApplePayButton = lazy(() =>
  import("./stripe-payment.tsx").then((m) => ({ default: m.StripeApplePayButton })),
);

type Phase = "idle" | "preparing" | "processing" | "error" | "succeeded";

interface ApplePaySessionLike {
  canMakePayments(): boolean;
}

/** True where the browser offers Apple Pay (Safari on a device with a card in Wallet). */
function applePayAvailable(): boolean {
  try {
    const session = (window as unknown as { ApplePaySession?: ApplePaySessionLike }).ApplePaySession;
    return Boolean(session && session.canMakePayments());
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
  /** The server says the invoice is already paid: reload it. */
  onStale: () => void;
}

/**
 * Step 3 (product §4), below its `PaymentSummary` (gross amount, 'Paying with'): the card
 * form or the Apple Pay button, Back (disabled while processing) and the progress texts 'Preparing Payment...'
 * (the server creates the intent) and 'Processing Payment...' (the provider charges, the
 * server checks). Messages of product §8; after a card error the payment state resets after
 * 3000 ms (Pay stays disabled until then; the message stays until the next attempt).
 */
export function PaymentStep({ invoice, hash, method, backTo, publishableKey, onPaid, onStale }: PaymentStepProps) {
  const t = useInvoiceT().invoice;
  const [hydrated, setHydrated] = useState(false);
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<PaymentError | null>(null);
  // product §3 payment state: the intent and payment method of the attempt in progress.
  const paymentIntentId = useRef<string | null>(null);
  const paymentMethodId = useRef<string | null>(null);
  const [card, setCard] = useState<CardValues>(emptyCard);
  const [stripeComplete, setStripeComplete] = useState(false);
  const [stripeFailed, setStripeFailed] = useState(false);
  const [stripeAttempt, setStripeAttempt] = useState(0);
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef(false);
  const withStripe = invoice.paymentProvider === "stripe";
  const busy = phase === "preparing" || phase === "processing" || phase === "succeeded";

  useEffect(() => setHydrated(true), []);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusError = useRef(false);
  useEffect(() => {
    if (!error || !focusError.current) return;
    focusError.current = false;
    errorRef.current?.focus();
  }, [error]);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  function clearPayment() {
    setPhase("idle");
    paymentIntentId.current = null;
    paymentMethodId.current = null;
  }

  function fail(paymentError: PaymentError) {
    setError(paymentError);
    // Pay (which had focus) is disabled while processing: give focus to the message so a
    // keyboard user continues from there, not from the top of the page.
    focusError.current = true;
    if (isCardError(paymentError.failure)) {
      setPhase("error");
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(clearPayment, PAYMENT_ERROR_RESET_MS);
    } else {
      clearPayment();
    }
  }

  const run: RunPayment = async (paymentMethod, confirm) => {
    if (running.current) return; // a double click starts one payment
    running.current = true;
    try {
      clearTimeout(resetTimer.current);
      setError(null);
      setPhase("preparing");
      const created = await paymentCall(hash, { intent: "create", paymentMethod });
      if (!created.ok || !("payment" in created)) {
        if (!created.ok && created.status === 409) onStale();
        return fail(
          created.ok
            ? { failure: "unexpected", detail: null }
            : failureFromResponse("create", created.status, created.message, paymentMethod),
        );
      }
      paymentIntentId.current = created.payment.paymentIntentId;
      setPhase("processing");
      const provider = await confirm(created.payment).catch(
        (): ProviderConfirmResult => ({ ok: false, error: { failure: "unexpected", detail: null } }),
      );
      if (!provider.ok) return fail(provider.error);
      paymentMethodId.current = provider.paymentMethodId;
      const settled = await paymentCall(hash, { intent: "confirm", paymentIntentId: created.payment.paymentIntentId });
      if (!settled.ok || !("invoice" in settled)) {
        return fail(
          settled.ok
            ? { failure: "unexpected", detail: null }
            : failureFromResponse("settle", settled.status, settled.message, paymentMethod),
        );
      }
      setPhase("succeeded");
      onPaid(settled.invoice);
    } finally {
      running.current = false;
    }
  };

  const billing = {
    name: invoice.user?.displayName ?? null,
    email: invoice.user?.email ?? null,
    phone: invoice.user?.phoneNumber ?? null,
  };

  /** The sandbox standing in for Stripe.js: the card goes to the sandbox provider's confirmation. */
  const sandboxConfirm =
    (paymentMethod: PaymentMethodType): ConfirmWithProvider =>
    async (payment) => {
      const result = await paymentCall(hash, {
        intent: "sandbox-confirm",
        paymentIntentId: payment.paymentIntentId,
        clientSecret: payment.clientSecret,
        paymentMethod:
          paymentMethod === "card"
            ? {
                type: "card",
                card: { number: digitsOnly(card.number), expiry: card.expiry, cvc: card.cvc },
                billingDetails: { country: card.country, ...billing },
              }
            : { type: "apple_pay", billingDetails: { country: "UAE" } },
      });
      if (!result.ok)
        return { ok: false, error: failureFromResponse("confirm-card", result.status, result.message, paymentMethod) };
      if (!("confirmation" in result) || !result.confirmation.paymentMethod?.id)
        return { ok: false, error: { failure: "invalid-method", detail: null } };
      return { ok: true, paymentMethodId: result.confirmation.paymentMethod.id };
    };

  function payByCard() {
    if (busy || phase === "error") return;
    if (!withStripe) {
      void run("card", sandboxConfirm("card"));
      return;
    }
    if (stripeFailed || !publishableKey) return fail({ failure: "provider-not-loaded", detail: null });
    const handle = stripeHandle.current;
    if (!handle) return fail({ failure: "card-element-missing", detail: null });
    const country = billingCountryIso[card.country as BillingCountry] ?? "AE";
    void run(
      "card",
      handle.confirm(
        { ...billing, country },
        { invoiceId: String(invoice.id), userId: String(invoice.user?.id ?? "") },
      ),
    );
  }

  function payWithSandboxApplePay() {
    if (busy || phase === "error") return;
    if (!applePayAvailable()) return fail({ failure: "apple-pay-unavailable", detail: null });
    void run("apple-pay", sandboxConfirm("apple-pay"));
  }

  const complete = withStripe ? stripeComplete && isBillingCountry(card.country) : cardComplete(card);
  const cardFieldsComplete = withStripe ? stripeComplete : cardComplete({ ...card, country: "UAE" });
  const canPay = hydrated && complete && !busy && phase !== "error";
  const progress = phase === "preparing" ? t.preparing : phase === "processing" ? t.processing : "";
  const shown = error ? shownPaymentError(error, t) : null;

  const errorBox = shown ? (
    <div
      ref={errorRef}
      role="alert"
      tabIndex={-1}
      className="rounded-lg bg-red-50 p-3 text-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      <p className="font-semibold">{shown.message}</p>
      {shown.detail ? <p className="mt-1 text-sm">{shown.detail}</p> : null}
    </div>
  ) : null;

  const back = busy ? (
    <button type="button" disabled className={secondaryButton}>
      {t.back}
    </button>
  ) : (
    <Link to={backTo} preventScrollReset className={secondaryButton}>
      {t.back}
    </Link>
  );

  const loadFailed = () => {
    setStripeFailed(true);
    fail({ failure: "provider-not-loaded", detail: null });
  };

  return (
    <>
      {method === "card" ? (
        <form
          noValidate
          aria-label={t.cardDetails}
          onSubmit={(event) => {
            event.preventDefault();
            payByCard();
          }}
          className="grid gap-4"
        >
          <fieldset disabled={busy} className="grid gap-4">
            <legend className="sr-only">{t.cardDetails}</legend>
            {withStripe && publishableKey && hydrated ? (
              <Suspense fallback={<p className="text-slate-700">{t.preparing}</p>}>
                <StripeCardFields
                  key={stripeAttempt}
                  publishableKey={publishableKey}
                  onReady={(handle) => {
                    stripeHandle.current = handle;
                    if (handle) setStripeFailed(false);
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
                  if (phase === "idle") setError(null);
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
          <p className="text-sm text-slate-700">{t.secureNote}</p>
          <p role="status" className="min-h-6 font-semibold text-brand">
            {progress}
          </p>
          {errorBox}
          {withStripe && stripeFailed ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                setError(null);
                setStripeFailed(false);
                setStripeAttempt((n) => n + 1);
              }}
            >
              {t.retry}
            </button>
          ) : null}
          <div className="flex flex-wrap justify-between gap-3">
            {back}
            <button type="submit" disabled={!canPay} className={primaryButton}>
              {busy ? (
                <span
                  aria-hidden="true"
                  className="size-5 animate-spin rounded-full border-2 border-current border-e-transparent"
                />
              ) : null}
              {t.pay}
            </button>
          </div>
        </form>
      ) : (
        <div className="grid gap-4">
          {withStripe && publishableKey && hydrated ? (
            <Suspense fallback={<p className="text-slate-700">{t.preparing}</p>}>
              <StripeApplePayButton
                publishableKey={publishableKey}
                invoice={invoice}
                run={run}
                disabled={busy || phase === "error"}
                onUnavailable={() => fail({ failure: "apple-pay-unavailable", detail: null })}
                onLoadError={loadFailed}
              />
            </Suspense>
          ) : (
            <button
              type="button"
              disabled={!hydrated || busy || phase === "error"}
              onClick={
                withStripe ? () => fail({ failure: "provider-not-loaded", detail: null }) : payWithSandboxApplePay
              }
              className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-black px-6 py-2 text-lg font-semibold text-white hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t.applePayButton}
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
