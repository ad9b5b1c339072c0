import type { InvoiceData } from "@khayl/contract/invoices";
import { useLingui } from "@lingui/react/macro";
import type { PaymentRequest } from "@stripe/stripe-js";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useLanguage } from "../../lib/i18n/lingui.tsx";
import { FieldError } from "../ui/field-error.tsx";
import type { ConfirmWithProvider, RunPayment } from "./payment-provider.ts";
import { confirmCard, type StripeBilling, stripeFor } from "./stripe-provider.ts";

/**
 * Stripe in the browser (architecture §3.8, §3.9): loaded only on step 3 and only when Stripe
 * is configured (this module is a lazy chunk of the page). Card fields are Stripe
 * Elements (the card data never reaches our servers); Apple Pay uses Stripe's payment
 * request. Stripe.js that cannot load (offline, blocked) is reported, never a broken page.
 */

/** What the card fields hand to the payment step once Stripe.js and the Elements are ready. */
export interface StripeCardHandle {
  confirm: (billing: StripeBilling, metadata: Record<string, string>) => ConfirmWithProvider;
}

const elementStyle = {
  base: {
    fontSize: "16px",
    color: "#111827",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    "::placeholder": { color: "#6b7280" },
  },
  invalid: { color: "#b91c1c" },
};

/**
 * Expiry and CVC side by side, as in the sandbox's card form (card-form.tsx): label, field and
 * message share the rows of the pair (a subgrid), so the fields stay level when a label wraps.
 * Written here again: importing them would tie this lazy chunk to the payment step's.
 */
const pairClass = "grid grid-cols-2 gap-x-4";
const pairFieldClass = "row-span-3 grid grid-rows-subgrid";

const boxClass =
  "min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-3 focus-within:ring-2 focus-within:ring-brand";

/**
 * Stripe Elements for card number, expiry and CVC, in the page's language (Stripe words its
 * own field messages in English or Arabic). Reports readiness (`onReady` with a handle, or
 * `onLoadError` when Stripe.js cannot load) and completeness.
 */
export function StripeCardFields({
  publishableKey,
  onReady,
  onLoadError,
  onCompleteChange,
}: {
  publishableKey: string;
  onReady: (handle: StripeCardHandle | null) => void;
  onLoadError: () => void;
  onCompleteChange: (complete: boolean) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const numberRef = useRef<HTMLFieldSetElement>(null);
  const expiryRef = useRef<HTMLFieldSetElement>(null);
  const cvcRef = useRef<HTMLFieldSetElement>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  // The Elements mount once per key; what they report goes to the parent's latest callbacks.
  const reportReady = useEffectEvent(onReady);
  const reportLoadError = useEffectEvent(onLoadError);
  const reportComplete = useEffectEvent(onCompleteChange);

  useEffect(() => {
    let cancelled = false;
    const complete = { number: false, expiry: false, cvc: false };
    let destroy = () => {};
    stripeFor(publishableKey).then(
      (stripe) => {
        if (cancelled) return;
        if (!stripe || !numberRef.current || !expiryRef.current || !cvcRef.current) {
          reportLoadError();
          return;
        }
        const elements = stripe.elements({ locale: language });
        const number = elements.create("cardNumber", { style: elementStyle, showIcon: true });
        const expiry = elements.create("cardExpiry", { style: elementStyle });
        const cvc = elements.create("cardCvc", { style: elementStyle });
        const track = (name: keyof typeof complete) => (event: { complete: boolean; error?: { message: string } }) => {
          complete[name] = event.complete;
          setErrors((prev) => ({ ...prev, [name]: event.error?.message }));
          reportComplete(complete.number && complete.expiry && complete.cvc);
        };
        number.on("change", track("number"));
        expiry.on("change", track("expiry"));
        cvc.on("change", track("cvc"));
        number.mount(numberRef.current);
        expiry.mount(expiryRef.current);
        cvc.mount(cvcRef.current);
        reportReady({ confirm: (billing, metadata) => confirmCard(stripe, number, billing, metadata) });
        destroy = () => {
          number.destroy();
          expiry.destroy();
          cvc.destroy();
        };
      },
      () => {
        if (!cancelled) reportLoadError();
      },
    );
    return () => {
      cancelled = true;
      reportReady(null);
      destroy();
    };
  }, [publishableKey, language]);

  const field = (
    id: string,
    label: string,
    ref: React.RefObject<HTMLFieldSetElement | null>,
    error: string | undefined,
    className?: string,
  ) => (
    <div className={className}>
      <span id={`${id}-label`} className="mb-1 block font-medium">
        {label}
      </span>
      <fieldset
        id={id}
        ref={ref}
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`min-w-0 ${boxClass}`}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );

  return (
    <>
      {field("card-number", t`Card number`, numberRef, errors.number)}
      <div className={pairClass}>
        {field("card-expiry", t`Expiry date (MM / YY)`, expiryRef, errors.expiry, pairFieldClass)}
        {field("card-cvc", t`Security code (CVC)`, cvcRef, errors.cvc, pairFieldClass)}
      </div>
    </>
  );
}

/**
 * Apple Pay through Stripe's payment request (product §4 step 3). Pressing the button where
 * the device has no Apple Pay shows 'Apple Pay is not available on this device. Please
 * use a different payment method.'; a failed wallet payment 'Apple Pay payment failed.
 * Please try again.'.
 */
export function StripeApplePayButton({
  publishableKey,
  invoice,
  run,
  onUnavailable,
  onLoadError,
  disabled,
}: {
  publishableKey: string;
  invoice: InvoiceData;
  run: RunPayment;
  onUnavailable: () => void;
  onLoadError: () => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const request = useRef<PaymentRequest | null>(null);
  const [applePay, setApplePay] = useState<boolean | null>(null);
  // One payment request per key and total; a payment it starts runs the parent's latest `run`.
  const runPayment = useEffectEvent(run);
  const reportLoadError = useEffectEvent(onLoadError);
  const refNumber = invoice.refNumber;
  const label = t`Invoice ${refNumber}`;
  const amount = invoice.grossFils;

  useEffect(() => {
    let cancelled = false;
    stripeFor(publishableKey).then(
      async (stripe) => {
        if (cancelled) return;
        if (!stripe) return reportLoadError();
        const pr = stripe.paymentRequest({
          country: "AE",
          currency: "aed",
          total: { label, amount },
          disableWallets: ["googlePay", "link"],
        });
        pr.on("paymentmethod", (event) => {
          // The sheet must always be completed: when the payment never reached Stripe
          // (already running, create refused, network error) it would spin until it times out.
          let completed = false;
          const complete = (status: "success" | "fail") => {
            if (completed) return;
            completed = true;
            event.complete(status);
          };
          void runPayment("apple-pay", async (payment) => {
            const first = await stripe.confirmCardPayment(
              payment.clientSecret,
              { payment_method: event.paymentMethod.id },
              { handleActions: false },
            );
            if (first.error) {
              complete("fail");
              return { ok: false, error: { failure: "apple-pay-failed", detail: first.error.message ?? null } };
            }
            complete("success");
            if (first.paymentIntent?.status === "requires_action") {
              const second = await stripe.confirmCardPayment(payment.clientSecret);
              if (second.error)
                return { ok: false, error: { failure: "apple-pay-failed", detail: second.error.message ?? null } };
              if (second.paymentIntent?.status !== "succeeded")
                return { ok: false, error: { failure: "not-successful", detail: null } };
            } else if (first.paymentIntent?.status !== "succeeded") {
              return { ok: false, error: { failure: "not-successful", detail: null } };
            }
            return { ok: true, paymentMethodId: event.paymentMethod.id };
          }).finally(() => complete("fail"));
        });
        request.current = pr;
        const result = await pr.canMakePayment().catch(() => null);
        if (!cancelled) setApplePay(Boolean(result?.applePay));
      },
      () => {
        if (!cancelled) reportLoadError();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [publishableKey, label, amount]);

  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => {
        // `show()` must run in the click itself (a user gesture).
        if (applePay && request.current) request.current.show();
        else if (applePay === null) onLoadError();
        else onUnavailable();
      }}
      className={
        "inline-flex min-h-12 w-full items-center justify-center rounded-full bg-black px-6 py-2 text-lg " +
        "font-semibold text-white hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-60"
      }
    >
      {t`Pay with Apple Pay`}
    </button>
  );
}
