import { type SandboxOutcome, sandboxTestCards } from "@khayl/contract/sandbox-cards";
import { useLingui } from "@lingui/react/macro";

/**
 * Step 3's test-mode notice (architecture §3.8: test mode is clearly marked; the header's
 * `TestModeBadge` marks every step): Stripe's test cards and their outcomes (the sandbox and
 * Stripe's test mode accept the same cards), or how Apple Pay behaves in test mode. Shown with
 * the payment form, which needs JavaScript (so it is part of that lazy code). Card numbers
 * are left to right in Arabic too (their groups would otherwise be reordered).
 */
export function TestModeNotice({ method, provider }: { method: "card" | "apple-pay"; provider: "sandbox" | "stripe" }) {
  const { t } = useLingui();
  const outcomes: Record<SandboxOutcome, string> = {
    succeeded: t({ message: "payment succeeds", comment: "After a test card number: what paying with it does" }),
    card_declined: t({ message: "card is declined", comment: "After a test card number: what paying with it does" }),
    insufficient_funds: t({
      message: "fails for insufficient funds",
      comment: "After a test card number: what paying with it does",
    }),
  };
  return (
    <section
      aria-labelledby="test-mode-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="test-mode-title" className="font-bold">
        {t`Test mode: no real payment is taken`}
      </h3>
      {method === "card" ? (
        <>
          <p className="mt-1">{t`Use one of these test cards with any future expiry date and any 3-digit CVC:`}</p>
          <ul className="mt-2 grid gap-1">
            {sandboxTestCards.map((card) => (
              <li key={card.number}>
                <code dir="ltr" className="rounded bg-white px-1.5 py-0.5 font-mono tabular-nums">
                  {card.number}
                </code>{" "}
                {outcomes[card.outcome]}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1">
          {provider === "stripe"
            ? t`Apple Pay runs in Stripe's test mode: no card is charged.`
            : t`Apple Pay is simulated in test mode: no card is charged.`}
        </p>
      )}
    </section>
  );
}
