import { formatInvoiceDate, isoOrUndefined } from "@khayl/contract/format";
import type { InvoiceData } from "@khayl/contract/invoices";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode, Ref } from "react";
import { Form, Link as StepLink } from "react-router";
import { useLanguage } from "../../lib/i18n/lingui.tsx";
import { Link } from "../../lib/i18n/link.tsx";
import { BDI_SLOTS, BdiText } from "../bdi-text.tsx";
import { primaryButton, secondaryButton } from "./buttons.ts";
import { DownloadButton } from "./download-button.tsx";
import { Money } from "./money.tsx";

/** Card networks by the API's `cardBrand`: brand names, written the same in every language. */
const brands: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** The names of the two payment methods (product §4); Apple Pay is a brand name. */
export function useMethodNames(): Record<PaymentMethodType, string> {
  const { t } = useLingui();
  return { card: t`Credit or Debit Card`, "apple-pay": "Apple Pay" };
}

function Heading({
  headingRef,
  children,
  className = "",
}: {
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
  className?: string;
}) {
  return (
    <h2
      id="step-heading"
      ref={headingRef}
      tabIndex={-1}
      className={`text-xl font-bold focus:outline-none ${className}`}
    >
      {children}
    </h2>
  );
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    // A value that does not fit beside its label (the largest text on a phone) goes below it, at the end.
    <div className={`flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 ${strong ? "font-bold" : ""}`}>
      <dt className={`shrink-0 ${strong ? "" : "text-slate-700"}`}>{label}</dt>
      <dd className="ms-auto text-end">{children}</dd>
    </div>
  );
}

/**
 * Step 1 (product §4): total with the dirham sign and 2 decimals, Invoice ID, due date with
 * the optional red badge (the API's `dueDisplay`, shown as sent: it comes in the page's
 * language), the choice 'Credit or Debit Card' / 'Apple Pay' (card by default), 'Fees are
 * non-refundable', Download and Next. Next submits a GET form to `?step=2&method=…`, so it
 * works before JavaScript and the back button returns here. A change of method replaces this
 * step's own history entry with `?method=…` (keeping the router's state), so Back from step 2
 * and a reload show the method chosen. The router is not told: it would reload the root's
 * data on each change (a request per tap on a phone, the error screen when one fails); so
 * the language switch, built from the router's location, does not carry the choice.
 */
export function SummaryStep({
  invoice,
  dueDateText,
  hash,
  method,
  headingRef,
}: {
  invoice: InvoiceData;
  /** The due date as the loader wrote it on the server (`InvoiceLoaderData`). */
  dueDateText: string;
  hash: string;
  method: PaymentMethodType;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useLingui();
  const methods = useMethodNames();
  const refNumber = invoice.refNumber;
  return (
    <section aria-labelledby="step-heading" className="grid gap-6">
      <Heading headingRef={headingRef} className="sr-only">
        {t`Invoice summary`}
      </Heading>
      <div className="text-center">
        <p className="font-medium text-slate-700">{t`Total`}</p>
        {/* Smaller where the text is large for the screen (a phone at 200 %, where `20em` is 640 px): a total of six digits stays on the screen without breaking inside the number. */}
        <p className="mt-1 text-4xl font-bold text-ink max-[20em]:text-2xl">
          <Money fils={invoice.totalFils} wrap />
        </p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 px-4">
        <Row label={t`Invoice ID`}>
          <span dir="ltr" className="font-semibold">
            {refNumber}
          </span>
        </Row>
        <Row label={t`Due date`}>
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            <time dateTime={isoOrUndefined(invoice.dueDate)} className="font-semibold">
              {dueDateText}
            </time>
            {invoice.dueDisplay ? (
              <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold text-white wrap-break-word">
                {invoice.dueDisplay}
              </span>
            ) : null}
          </span>
        </Row>
      </dl>
      <Form method="get" preventScrollReset className="grid gap-5">
        <input type="hidden" name="step" value="2" />
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-semibold">{t`Payment method`}</legend>
          {(["card", "apple-pay"] as const).map((value) => (
            <label
              key={value}
              className={
                "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 " +
                "bg-white px-4 py-3 has-[:checked]:border-brand has-[:checked]:bg-brand-50 " +
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[#b45309]"
              }
            >
              <input
                type="radio"
                name="method"
                value={value}
                defaultChecked={method === value}
                onChange={() => history.replaceState(history.state, "", `?method=${value}`)}
                className="size-5 accent-brand focus-visible:outline-none"
              />
              <span className="font-medium">{methods[value]}</span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm font-medium text-slate-700">{t`Fees are non-refundable`}</p>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <DownloadButton
            hash={hash}
            label={t`Download`}
            accessibleLabel={t`Download invoice ${refNumber} (PDF, opens in a new tab)`}
          />
          <button type="submit" className={primaryButton}>
            {t`Next`}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Step 2 (product §4): payment type, the invoice amount, 'Other Fees', 'Gross Amount', Back and Pay. */
export function DetailsStep({
  invoice,
  method,
  stepUrl,
  headingRef,
}: {
  invoice: InvoiceData;
  method: PaymentMethodType;
  stepUrl: (step: number) => string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useLingui();
  const methods = useMethodNames();
  return (
    <section aria-labelledby="step-heading" className="grid gap-6">
      <Heading headingRef={headingRef}>{t`Payment details`}</Heading>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 px-4">
        <Row label={t`Payment type`}>{methods[method]}</Row>
        <Row label={t`Invoice amount`}>
          <Money fils={invoice.totalFils} />
        </Row>
        <Row label={t`Other Fees`}>
          <Money fils={invoice.feeFils} />
          <span className="block text-xs font-normal text-slate-600">
            {t`Card fee: 1.5% of the total plus AED 1.00`}
          </span>
        </Row>
        <Row label={t`Gross Amount`} strong>
          <Money fils={invoice.grossFils} className="text-lg" />
        </Row>
      </dl>
      <div className="flex flex-wrap justify-between gap-3">
        <StepLink to={stepUrl(1)} preventScrollReset className={secondaryButton}>
          {t`Back`}
        </StepLink>
        <StepLink to={stepUrl(3)} preventScrollReset className={primaryButton}>
          {t`Pay`}
        </StepLink>
      </div>
    </section>
  );
}

/**
 * Step 4 (product §4), and what a paid invoice's link always shows: 'Payment Success',
 * "Payment received. You're all set!", amount, fees (the fee charged: the same as steps
 * 2–3, architecture §3.4), total paid, payment type, date, Receipt (the PDF marked paid) and Home.
 * An invoice paid without a payment of ours (`paymentType` null: the issuing system recorded
 * another way, e.g. a bank transfer) shows only its amount and date: no card fee was paid.
 */
export function SuccessStep({
  invoice,
  paidAtText,
  hash,
  headingRef,
}: {
  invoice: InvoiceData;
  /** The paid date as the loader wrote it (`InvoiceLoaderData`); without it the browser writes it. */
  paidAtText?: string;
  hash: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const methods = useMethodNames();
  // Null when no payment of ours paid it (the issuing system recorded, say, a bank transfer).
  const type = invoice.paymentType;
  const refNumber = invoice.refNumber;
  const cardBrand = invoice.cardBrand ? (brands[invoice.cardBrand] ?? invoice.cardBrand) : null;
  // The sentence is translated with slots for the brand and the last 4 digits, then each goes in a <bdi>.
  const [brand, last4] = BDI_SLOTS;
  return (
    <section aria-labelledby="step-heading" className="grid gap-6 text-center">
      <span
        aria-hidden="true"
        className="mx-auto grid size-16 place-items-center rounded-full bg-green-700 text-3xl text-white"
      >
        ✓
      </span>
      <div>
        <Heading headingRef={headingRef} className="text-2xl">
          {t`Payment Success`}
        </Heading>
        <p className="mt-2 text-lg">{t`Payment received. You're all set!`}</p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 px-4 text-start">
        <Row label={t`Amount`}>
          <Money fils={invoice.totalFils} />
        </Row>
        {type ? (
          <>
            <Row label={t`Fees`}>
              <Money fils={invoice.paidFeeFils ?? invoice.feeFils} />
            </Row>
            <Row label={t`Total paid`} strong>
              <Money fils={invoice.paidAmountFils ?? invoice.grossFils} />
            </Row>
            <Row label={t`Payment type`}>
              {methods[type]}
              {cardBrand && invoice.cardLast4 ? (
                <span className="block text-sm text-slate-700">
                  <BdiText text={t`${brand} ending ${last4}`} values={[cardBrand, invoice.cardLast4]} />
                </span>
              ) : null}
            </Row>
          </>
        ) : null}
        <Row label={t`Date`}>
          <time dateTime={isoOrUndefined(invoice.paidAt)}>
            {paidAtText ?? formatInvoiceDate(invoice.paidAt, language)}
          </time>
        </Row>
      </dl>
      <div className="flex flex-wrap items-start justify-center gap-3">
        <DownloadButton
          hash={hash}
          label={t`Receipt`}
          accessibleLabel={t`Receipt for invoice ${refNumber} (PDF, opens in a new tab)`}
        />
        <Link to="/" className={primaryButton}>
          {t`Home`}
        </Link>
      </div>
    </section>
  );
}
