import type { InvoiceData } from "@khayl/contract/invoices";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import { useLingui } from "@lingui/react/macro";
import type { Ref } from "react";
import { Link } from "react-router";
import { localizedPath } from "../../lib/i18n/language.ts";
import { useLanguage } from "../../lib/i18n/lingui.tsx";
import { secondaryButton } from "./buttons.ts";
import { Money } from "./money.tsx";
import { useMethodNames } from "./steps.tsx";

/**
 * The top of step 3 (product §4): its heading, the gross amount (fils, shown in dirhams),
 * 'Paying with', and — without JavaScript — the note that paying needs it, with a link to
 * the PDF (the resource route works without JavaScript) in the page's language. The
 * test-mode notice comes with the payment form (`PaymentStep`).
 */
export function PaymentSummary({
  invoice,
  hash,
  method,
  headingRef,
}: {
  invoice: InvoiceData;
  hash: string;
  method: PaymentMethodType;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const methods = useMethodNames();
  return (
    <>
      <h2 id="step-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {t`Payment`}
      </h2>
      <dl className="grid gap-3 rounded-xl bg-brand-50 p-4">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-medium">{t`Gross Amount`}</dt>
          <dd className="text-2xl font-bold">
            <Money fils={invoice.grossFils} />
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-medium">{t`Paying with`}</dt>
          <dd>{methods[method]}</dd>
        </div>
      </dl>

      <noscript>
        <p className="rounded-lg bg-amber-50 p-3 text-amber-950">
          {t`Paying needs JavaScript, which is turned off or still loading. You can download the invoice meanwhile.`}{" "}
          <a href={localizedPath(`/invoice/${hash}/pdf`, language)} className="font-semibold underline">
            {t`Download the invoice (PDF)`}
          </a>
        </p>
      </noscript>
    </>
  );
}

/**
 * Step 3 below its summary while the payment code loads (server HTML, no JavaScript, or
 * the moment after hydration): 'Preparing Payment...' in the browser, and Back. The card
 * form and Apple Pay need JavaScript, so their code is not in the page's initial
 * JavaScript (see `PaymentStep`).
 */
export function PaymentStepPending({
  backTo,
  loading,
}: {
  /** Where Back leads: step 2 of the same invoice. */
  backTo: string;
  /** True in the browser while the code loads. */
  loading: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      {loading ? (
        <p role="status" className="text-center font-medium">
          {t`Preparing Payment...`}
        </p>
      ) : null}
      <div className="flex justify-between gap-3">
        <Link to={backTo} preventScrollReset className={secondaryButton}>
          {t`Back`}
        </Link>
      </div>
    </>
  );
}
