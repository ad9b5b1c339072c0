/**
 * The offline sandbox payment provider's test cards (architecture §3.8), Stripe's numbers
 * and outcomes. The page lists them in test mode; the API's sandbox provider decides
 * each confirmation from them. Any other valid card number succeeds, as in Stripe's
 * test mode. Zod-free: the page imports it.
 */
export type SandboxOutcome = "succeeded" | "card_declined" | "insufficient_funds";

export const sandboxTestCards = [
  { number: "4242 4242 4242 4242", outcome: "succeeded" },
  { number: "4000 0000 0000 0002", outcome: "card_declined" },
  { number: "4000 0000 0000 9995", outcome: "insufficient_funds" },
] as const satisfies readonly { number: string; outcome: SandboxOutcome }[];

/** The outcome the sandbox gives a card number (digits only or grouped). */
export function sandboxOutcome(number: string): SandboxOutcome {
  const digits = number.replace(/\D+/g, "");
  const card = sandboxTestCards.find((c) => c.number.replace(/\s+/g, "") === digits);
  return card?.outcome ?? "succeeded";
}
