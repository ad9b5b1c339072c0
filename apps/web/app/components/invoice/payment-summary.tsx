import type { InvoiceData, PaymentMethodType } from "@khayl/contract/invoices";
import type { Ref } from "react";
import { Link } from "react-router";
import { useInvoiceT } from "../../lib/i18n/invoice.ts";
import { secondaryButton } from "./buttons.ts";
import { Money } from "./money.tsx";
import { TestModeNotice } from "./test-mode-notice.tsx";

/**
 * The top of step 3 (product §4): its heading, the gross amount (fils, shown in dirhams),
 * 'Paying with', the test-mode notice, and — without JavaScript — the note that paying
 * needs it, with a link to the PDF (the resource route works without JavaScript).
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
  const t = useInvoiceT().invoice;
  return (
    <>
      <h2 id="step-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {t.paymentTitle}
      </h2>
      <dl className="grid gap-3 rounded-xl bg-brand-50 p-4">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-medium">{t.grossAmount}</dt>
          <dd className="text-2xl font-bold">
            <Money fils={invoice.grossFils} />
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-medium">{t.payingWith}</dt>
          <dd>{t.methods[method]}</dd>
        </div>
      </dl>

      {invoice.testMode ? <TestModeNotice method={method} provider={invoice.paymentProvider} /> : null}

      <noscript>
        <p className="rounded-lg bg-amber-50 p-3 text-amber-950">
          {t.payRequiresJs}{" "}
          <a href={`/invoice/${hash}/pdf`} className="font-semibold underline">
            {t.downloadWithoutJs}
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
  backTo: string /** True in the browser while the code loads. */;
  loading: boolean;
}) {
  const t = useInvoiceT().invoice;
  return (
    <>
      {loading ? (
        <p role="status" className="text-center font-medium">
          {t.preparing}
        </p>
      ) : null}
      <div className="flex justify-between gap-3">
        <Link to={backTo} preventScrollReset className={secondaryButton}>
          {t.back}
        </Link>
      </div>
    </>
  );
}
