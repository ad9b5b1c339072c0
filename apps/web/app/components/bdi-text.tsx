/**
 * Stand-ins for the values of a translated sentence that must keep their own direction
 * (versions, codes, product names inside Arabic text): private-use characters, which no
 * translation contains. Put them in the message as its placeholders' values, then render
 * the translated text with `BdiText`:
 *
 *     const [version] = BDI_SLOTS;
 *     <BdiText text={t`V ${version}`} values={[log.title]} />
 *
 * The translator still sees `V {version}` and may move it; the value comes out in a
 * `<bdi>`. Lingui's `<Trans>` would do the same with elements, but its runtime would then
 * join every page's shared bundle (decision 016: only `t` and `msg`).
 */
export const BDI_SLOTS = ["\uE000", "\uE001", "\uE002"] as const;

const slotPattern = /([\uE000-\uE002])/;

/**
 * A translated sentence with its `BDI_SLOTS` placeholders replaced by `values` (`values[i]`
 * for `BDI_SLOTS[i]`, wherever the translation put it), each isolated in a `<bdi>` (with
 * `className`), so that a Latin name, an e-mail address, a reference or a version number keeps
 * its reading order inside Arabic text (and an Arabic name inside English text). Renders text
 * only, no wrapper element. The site's one helper for this (release logs, invoice, account
 * deletion, and home's 'Show all' links, whose list name is a hidden value).
 */
export function BdiText({ text, values, className }: { text: string; values: readonly string[]; className?: string }) {
  return text.split(slotPattern).map((part, index) => {
    const slot = BDI_SLOTS.indexOf(part as (typeof BDI_SLOTS)[number]);
    return slot === -1 ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
      <bdi key={index} className={className}>
        {values[slot]}
      </bdi>
    );
  });
}
