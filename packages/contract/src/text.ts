/**
 * Text written on one line of something the site makes (a mail's `Name:` line, a calendar's
 * SUMMARY or name): every run of control characters, line breaks included, or of line and
 * paragraph separators becomes one space, and the ends are trimmed. What a visitor or the API
 * wrote then cannot add lines that read like the file's own: a second `E-mail:` line in the
 * support team's mail, a link under the site's words in an alert, a property or a whole
 * entry in a calendar file (architecture §3.6, §3.5). The bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) are dropped: one of them turns the
 * rest of the line around (a name ending in U+202E `gnp.exe` reads `exe.png`). The marks
 * Arabic text needs (LRM, RLM, ALM, the zero-width joiners) stay.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, "")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .trim();
}
