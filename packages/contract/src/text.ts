/** An isolate's opener: LRI, RLI or FSI (U+2066–U+2068). */
const ISOLATE_OPENERS = new Set(["\u2066", "\u2067", "\u2068"]);
/** POP DIRECTIONAL ISOLATE (U+2069): closes the innermost isolate still open. */
const PDI = "\u2069";

/**
 * `text` without the isolates that are not balanced: an LRI, RLI or FSI (U+2066–U+2068) stays
 * only when a PDI (U+2069) closes it, a PDI only when it closes one (UAX #9 BD9's matching: a
 * PDI closes the innermost opener still open). A balanced isolate turns around nothing
 * outside it: to the text around it, it reads as one neutral character.
 */
function balancedIsolates(text: string): string {
  const kept = new Set<number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (ISOLATE_OPENERS.has(char)) open.push(i);
    else if (char === PDI) {
      const opener = open.pop();
      if (opener !== undefined) kept.add(opener).add(i);
    }
  }
  return text.replace(/[\u2066-\u2069]/g, (char, at: number) => (kept.has(at) ? char : ""));
}

/**
 * Text written on one line of something the site makes (a mail's `Name:` line, a calendar's
 * SUMMARY or name, a show's name in a page heading, a line of the invoice PDF): every run of
 * control characters, line breaks included, or of line and paragraph separators becomes one
 * space, and the ends are trimmed. What a visitor or the API wrote then cannot add lines that
 * read like the file's own: a second `E-mail:` line in the support team's mail, a link under
 * the site's words in an alert, a property or a whole entry in a calendar file (architecture
 * §3.6, §3.5). The bidirectional embeddings and overrides (U+202A–U+202E) are dropped: one of
 * them turns the rest of the line around (a name ending in U+202E `gnp.exe` reads `exe.png`).
 * The isolates (U+2066–U+2069) stay when they are balanced (`balancedIsolates`: every LRI,
 * RLI or FSI closed by a PDI, no PDI without an opener), since what they turn around ends
 * inside them: an Arabic show name keeps a code the way it is written
 * (`بطولة أبوظبي \u2066CDI3*\u2069 للترويض` reads "CDI3*", not "*CDI3"). An isolate left open, or
 * a PDI closing nothing, is dropped. The marks Arabic text needs (LRM, RLM, ALM, the
 * zero-width joiners) stay.
 */
export function oneLine(text: string): string {
  return balancedIsolates(text.replace(/[\u202A-\u202E]/g, "").replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")).trim();
}
