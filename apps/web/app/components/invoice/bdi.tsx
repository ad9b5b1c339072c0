import type { ReactNode } from "react";
import type { Language } from "../../lib/i18n/language.ts";

/**
 * Slots for the values of a translated sentence: translate with `slots[i]` in place of the
 * i-th value (`` t`Invoice ${refNumber}` `` with `refNumber = slots[0]`), then let
 * `withBdi` put the real values back. Private-use characters: never in real text.
 */
export const slots = ["\uE000", "\uE001"] as const;

/**
 * `sentence` (translated with `slots` for its values) with `values[i]` at `slots[i]`. On an
 * Arabic page each value goes in a `<bdi>` (with `className`), so a reference, a card's last 4
 * digits or a Latin name keeps its own direction inside Arabic text wherever the translation
 * puts it (architecture §6, decision 016). English sentences stay plain text.
 */
export function withBdi(language: Language, sentence: string, values: string[], className?: string): ReactNode {
  const parts = sentence.split(/([\uE000\uE001])/).map((part) => {
    const slot = slots.indexOf(part as (typeof slots)[number]);
    return slot === -1 ? part : { value: values[slot] ?? "" };
  });
  if (language !== "ar") return parts.map((part) => (typeof part === "string" ? part : part.value)).join("");
  return parts.map((part, i) =>
    typeof part === "string" ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
      <bdi key={i} className={className}>
        {part.value}
      </bdi>
    ),
  );
}
