import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import PO from "pofile";
import { describe, expect, test } from "vitest";

/**
 * Every English message has its Arabic counterpart (decision 016), checked on the .po
 * catalogues themselves: the same messages in both languages, no Arabic left empty or equal
 * to a placeholder-free English sentence by mistake, the same {placeholders}, and every
 * Arabic plural with all six of Arabic's categories.
 */
const dir = import.meta.dirname;
const areas = readdirSync(path.join(dir, "en")).filter((f) => f.endsWith(".po"));

function read(language: string, file: string) {
  return PO.parse(readFileSync(path.join(dir, language, file), "utf8")).items;
}

/** The names of the ICU arguments of a message, e.g. `{count}` and `{count, plural, …}` → count. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1] ?? ""))].sort();
}

/** Brand names and codes written the same in both languages. */
const sameInBothLanguages = new Set(["App Store", "Google Play", "Apple Pay", "Visa", "Mastercard"]);

test("there is an Arabic catalogue for every English one", () => {
  expect(
    readdirSync(path.join(dir, "ar"))
      .filter((f) => f.endsWith(".po"))
      .sort(),
  ).toEqual([...areas].sort());
});

describe.each(areas)("%s", (file) => {
  const english = read("en", file);
  const arabic = read("ar", file);

  test("has the same messages in Arabic as in English", () => {
    expect(arabic.map((item) => item.msgid).sort()).toEqual(english.map((item) => item.msgid).sort());
  });

  test("every Arabic message is written, with the English one's placeholders", () => {
    for (const item of arabic) {
      const translation = item.msgstr.join("");
      expect(translation, item.msgid).not.toBe("");
      // A message with no words of its own (only placeholders and punctuation) reads the same.
      const words = item.msgid.replace(/\{[^{}]*\}/g, "");
      if (!sameInBothLanguages.has(item.msgid) && /\p{L}/u.test(words))
        expect(translation, `${item.msgid} is not translated`).not.toBe(item.msgid);
      expect(argumentsOf(translation), item.msgid).toEqual(argumentsOf(item.msgid));
    }
  });

  test("Arabic plurals have zero, one, two, few, many and other", () => {
    for (const item of arabic.filter((i) => /,\s*plural\s*,/.test(i.msgid))) {
      const translation = item.msgstr.join("");
      for (const category of ["zero", "one", "two", "few", "many", "other"])
        expect(translation, `${item.msgid}: ${category}`).toMatch(new RegExp(`\\b${category}\\s*\\{`));
    }
  });
});
