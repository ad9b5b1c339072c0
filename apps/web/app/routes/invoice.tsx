import type { InvoiceData } from "@khayl/contract/invoices";
import type { RouteHandle } from "@khayl/contract/page-rules";
import type { PaymentMethodType } from "@khayl/contract/payment-values";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { BDI_SLOTS, BdiText } from "../components/bdi-text.tsx";
import { primaryButton } from "../components/invoice/buttons.ts";
import type { PaymentStepProps } from "../components/invoice/payment-step.tsx";
import { PaymentStepPending, PaymentSummary } from "../components/invoice/payment-summary.tsx";
import { StepIndicator, stepNames } from "../components/invoice/step-indicator.tsx";
import { DetailsStep, SuccessStep, SummaryStep } from "../components/invoice/steps.tsx";
import { TestModeBadge } from "../components/invoice/test-mode-badge.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest, unlocalizedPath } from "../lib/i18n/language.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { loadInvoice } from "../lib/invoice.server.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/invoice";

/**
 * Step 3's payment code (card form, card rules, the payment client, Stripe glue) loads
 * on its way to use, not with the page: it needs JavaScript anyway, and a first visit
 * that only reads or downloads the invoice never fetches it (architecture §5, weight floor: the budget counts
 * every script loaded until the network is idle). It is fetched when an unpaid invoice
 * shows step 2 (the details before paying, so it is usually here before Pay is pressed)
 * or step 3; once here it renders at once (no fallback, so keyboard focus is never on an
 * element that is about to be replaced).
 */
let paymentStepModule: typeof import("../components/invoice/payment-step.tsx") | undefined;
const loadPaymentStep = () => import("../components/invoice/payment-step.tsx").then((m) => (paymentStepModule = m));
const LazyPaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));

/**
 * SSR: the invoice of the link (product §7 get-invoice-by-link, asked in the page's
 * language) and the page's messages; a failure carries its status.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadInvoice(context, params.hash, await messagesFor(request, "invoice", "forms"), languageOfRequest(request));
}

/** The link is a secret (decision 019): no analytics, never kept or indexed, no referrer. */
export const handle = { page: { private: true } } satisfies RouteHandle;

/**
 * The loader's `cache-control` (`private, no-store` for an invoice, `no-store` for a failed lookup),
 * else `private, no-store`: an invoice page is never cached (product §2 Invoice, decision 019).
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "cache-control": loaderHeaders.get("cache-control") ?? "private, no-store" };
}

/**
 * The lookup (the loader's invoice object) whose invoice was paid in this tab, set in the
 * browser only, when the payment succeeds: while the page shows that lookup (no new one
 * since: moving between steps makes none), its title names the paid view on every step's
 * history entry, as the page shows it; a new lookup is a new object, and says for itself.
 */
let paidLookup: object | undefined;

/**
 * Title 'Invoice {refNumber}' ('Invoice' when the lookup failed) and a description naming the
 * company, with `pageMeta`'s share card (no canonical, hreflang or `og:url`: the URL holds the
 * link's token); `noindex, nofollow` and the referrer rule come with its private `handle`
 * (decision 019).
 */
export function meta({ data, matches, location }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  const refNumber = data?.invoice?.refNumber;
  const invoiceTitle = i18n._(refNumber ? msg`Invoice ${refNumber}` : msg`Invoice`);
  // The step shown, as the page decides it (`stepShown`), leads the title: the tab and the
  // history list tell the steps apart, and a screen reader announces the new title.
  // Paid in this page: the loader's data still says unpaid (no new lookup between steps),
  // as it does on every step's history entry Back and Forward return to, where the page
  // shows the paid view: the lookup, remembered when it was paid, says paid.
  const paidHere = paidLookup !== undefined && paidLookup === data?.invoice;
  const status = paidHere ? "paid" : data?.invoice?.status;
  const step = status ? stepShown(status, new URLSearchParams(location.search)) : null;
  const stepName = step ? i18n._(stepNames[(step - 1) as 0 | 1 | 2 | 3]) : null;
  const title = stepName
    ? i18n._(
        msg({
          message: `${stepName} – ${invoiceTitle}`,
          comment: "An invoice page's title: the payment step shown, then 'Invoice {refNumber}'",
        }),
      )
    : invoiceTitle;
  const company = companyFromMatches(matches) ?? "";
  // Its robots and referrer rules come with its `handle` (root's Layout).
  return pageMeta(matches, {
    title,
    description: i18n._(msg`View, download and pay your ${company} invoice by card or Apple Pay.`),
  });
}

/**
 * The steps live in the query string (`?step=2&method=card`) so the back button walks
 * through them and a step can be reloaded or shared; moving between steps needs no new
 * lookup, so only a change of anything else reloads the invoice. A revalidation (the same
 * address: the payment step found the invoice paid meanwhile, or its amount changed) does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("step");
    params.delete("method");
    return url.pathname + params;
  };
  if (
    (!formMethod || formMethod === "GET") &&
    currentUrl.search !== nextUrl.search &&
    strip(currentUrl) === strip(nextUrl)
  )
    return false;
  return defaultShouldRevalidate;
}

type Step = 1 | 2 | 3 | 4;

/**
 * The step an invoice page shows (product §4, invoice page): 4 for a paid invoice (its
 * paid state), else the query's `step` when it is 2 or 3, else 1.
 */
function stepShown(status: InvoiceData["status"] | undefined, search: URLSearchParams): Step {
  const requested = Number(search.get("step"));
  return status === "paid" ? 4 : requested === 2 || requested === 3 ? requested : 1;
}

/**
 * /invoice/{hash} (product §2, §4): 'Loading invoice...' while another link loads; on error 'Error',
 * the message (or 'Failed to fetch invoice') and 'Go Home'; otherwise the four steps,
 * or, for a paid invoice, its paid state with the receipt (never the payment steps).
 */
export default function InvoicePage({ loaderData, params }: Route.ComponentProps) {
  // A new link starts with fresh payment state.
  return (
    <InvoiceView
      key={params.hash}
      hash={params.hash}
      loaded={loaderData.invoice}
      dueDateText={loaderData.dueDateText ?? ""}
      paidAtText={loaderData.paidAtText ?? ""}
      error={loaderData.error}
    />
  );
}

function InvoiceView({
  hash,
  loaded,
  dueDateText,
  paidAtText,
  error,
}: {
  hash: string;
  loaded: InvoiceData | null;
  dueDateText: string;
  paidAtText: string;
  error: string | null;
}) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [paid, setPaid] = useState<InvoiceData | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The values of these sentences go in a <bdi> (BdiText): each is translated with a slot in its place.
  const refNumber = BDI_SLOTS[0];
  const name = BDI_SLOTS[0];

  const invoice = paid ?? loaded;
  const method: PaymentMethodType = searchParams.get("method") === "apple-pay" ? "apple-pay" : "card";
  const step = stepShown(invoice?.status, searchParams);
  const stepUrl = (n: number) => `?step=${n}&method=${method}`;

  const unpaid = invoice !== null && invoice.status !== "paid";
  useEffect(() => {
    if (unpaid && step >= 2) void loadPaymentStep();
  }, [unpaid, step]);
  // Step 3's, chosen when it shows and kept while it does (null on other steps): the lazy one
  // giving way to the loaded module's own on a later render (a revalidation) would remount
  // it, losing its state and message.
  const stepThree = useRef<ComponentType<PaymentStepProps> | null>(null);
  const PaymentStep = step === 3 ? (stepThree.current ?? paymentStepModule?.PaymentStep ?? LazyPaymentStep) : null;
  stepThree.current = PaymentStep;

  // Move focus to the new step's heading when the step changes (not on the first render).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const pending = navigation.state === "loading" ? navigation.location.pathname : null;
  const loadingAnother =
    pending !== null && pending !== location.pathname && /^\/invoice\/[^/]+\/?$/i.test(unlocalizedPath(pending));
  // Only for another link: a revalidation of this one (the payment step found it paid, or
  // its amount changed) keeps the step shown, and the step its state and message.
  if (loadingAnother) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <p role="status" className="text-lg font-medium">
          {t`Loading invoice...`}
        </p>
      </div>
    );
  }

  if (!invoice) {
    return (
      <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t`Error`}</h1>
        <p role="alert" className="text-lg">
          {error || t`Failed to fetch invoice`}
        </p>
        <Link to="/" className={primaryButton}>
          {t`Go Home`}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-10 md:py-14">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-8">
        <header className="mb-6 grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-bold">
              <BdiText
                text={t`Invoice ${refNumber}`}
                values={[invoice.refNumber]}
                className="inline-block max-w-full"
              />
            </h1>
            {invoice.status === "paid" ? (
              <span
                className={
                  "rounded-full bg-green-100 px-3 py-1 text-xs font-bold uppercase tracking-wide " + "text-green-900"
                }
              >
                {t({ message: "Paid", comment: "Badge beside the heading of a paid invoice" })}
              </span>
            ) : invoice.testMode ? (
              <TestModeBadge />
            ) : null}
          </div>
          {invoice.user?.displayName ? (
            <p className="text-slate-700">
              <BdiText text={t`Billed to ${name}`} values={[invoice.user.displayName]} />
            </p>
          ) : null}
          <StepIndicator step={step} />
        </header>
        {step === 1 ? (
          <SummaryStep
            invoice={invoice}
            dueDateText={dueDateText}
            hash={hash}
            method={method}
            headingRef={headingRef}
          />
        ) : null}
        {step === 2 ? (
          <DetailsStep invoice={invoice} method={method} stepUrl={stepUrl} headingRef={headingRef} />
        ) : null}
        {PaymentStep ? (
          <section aria-labelledby="step-heading" className="grid gap-6">
            <PaymentSummary invoice={invoice} hash={hash} method={method} headingRef={headingRef} />
            {!hydrated ? (
              <PaymentStepPending backTo={stepUrl(2)} loading={false} />
            ) : (
              <Suspense fallback={<PaymentStepPending backTo={stepUrl(2)} loading />}>
                <PaymentStep
                  invoice={invoice}
                  hash={hash}
                  method={method}
                  backTo={stepUrl(2)}
                  publishableKey={config.stripePublishableKey}
                  onPaid={(paidInvoice) => {
                    setPaid(paidInvoice);
                    paidLookup = loaded ?? undefined;
                    void navigate("?step=4", { replace: true, preventScrollReset: true });
                  }}
                  onStale={() => void revalidator.revalidate()}
                />
              </Suspense>
            )}
          </section>
        ) : null}
        {step === 4 ? (
          <SuccessStep
            invoice={invoice}
            // After a payment made in the page the date is the browser's to write.
            paidAtText={paid ? undefined : paidAtText}
            hash={hash}
            headingRef={headingRef}
          />
        ) : null}
      </div>
    </div>
  );
}
