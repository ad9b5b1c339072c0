import { sandboxTestCards } from "@khayl/contract/sandbox-cards";
import { useInvoiceT } from "../../lib/i18n/invoice.ts";

/**
 * architecture §3.8: test mode is clearly marked. The badge sits on every step; the full notice
 * (step 3) lists Stripe's test cards and what each does, or says Apple Pay is simulated.
 */
/** The 'Test mode' badge beside the invoice heading. */
export function TestModeBadge() {
  const t = useInvoiceT().invoice.testMode;
  return (
    <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900">
      {t.badge}
    </span>
  );
}

/**
 * Step 3's test-mode notice: Stripe's test cards and their outcomes (the sandbox and
 * Stripe's test mode accept the same cards), or how Apple Pay behaves in test mode.
 */
export function TestModeNotice({ method, provider }: { method: "card" | "apple-pay"; provider: "sandbox" | "stripe" }) {
  const t = useInvoiceT().invoice.testMode;
  return (
    <section
      aria-labelledby="test-mode-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="test-mode-title" className="font-bold">
        {t.title}
      </h3>
      {method === "card" ? (
        <>
          <p className="mt-1">{t.cardsIntro}</p>
          <ul className="mt-2 grid gap-1">
            {sandboxTestCards.map((card) => (
              <li key={card.number}>
                <code className="rounded bg-white px-1.5 py-0.5 font-mono tabular-nums">{card.number}</code>{" "}
                {t.outcomes[card.outcome]}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1">{provider === "stripe" ? t.applePayStripe : t.applePay}</p>
      )}
    </section>
  );
}
