// Part of `npm run i18n:check` (so of `npm run lint`), after the catalogues were extracted
// and found up to date (decision 027). Reads every catalogue of the one message system —
// the website's areas (apps/web/app/locales, ids are the English) and the server's
// (apps/api/src/locales, and packages/contract/src/locales for the form and card messages
// the website loads too; explicit ids, English in the `en` catalogue) — and fails when:
// an Arabic message is missing or empty, its placeholders differ from the English, an
// Arabic plural lacks one of Arabic's six categories, a message both the website and the
// server show (the same English) reads differently in Arabic in the two places, or one
// message of the website (its English and context) reads differently in two of its areas: a
// page loads several areas into one table, where the last one read would win (the nav's
// 'Flights' once read 'الرحلات' on /ar/alerts alone).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PO from "pofile";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const catalogues = [
  { name: "web", dir: "apps/web/app/locales", explicitIds: false },
  { name: "api", dir: "apps/api/src/locales", explicitIds: true },
  // The form and card messages the website and the API both show: one catalogue, the server's.
  { name: "api", dir: "packages/contract/src/locales", explicitIds: true },
];
const problems = [];

/** The names of the ICU arguments of a message, e.g. `{count}` and `{count, plural, …}` → count. */
const argumentsOf = (message) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1]))].sort().join();

const read = (dir, language, file) =>
  PO.parse(readFileSync(path.join(root, dir, language, file), "utf8")).items.filter((item) => !item.obsolete);

/** English text → Arabic text of every message, per catalogue. */
const arabicByEnglish = new Map(catalogues.map((c) => [c.name, new Map()]));
/** The website's messages by context and English → their Arabic and the area file it is in. */
const webArabic = new Map();

for (const { name, dir, explicitIds } of catalogues) {
  for (const file of readdirSync(path.join(root, dir, "en")).filter((f) => f.endsWith(".po"))) {
    const english = new Map(
      read(dir, "en", file).map((item) => [item.msgid, explicitIds ? item.msgstr.join("") : item.msgid]),
    );
    const arabicItems = read(dir, "ar", file);
    const arabic = new Map(arabicItems.map((item) => [item.msgid, item.msgstr.join("")]));
    if (!explicitIds)
      for (const item of arabicItems) {
        const key = `${item.msgctxt ?? ""}\u0004${item.msgid}`;
        const translation = item.msgstr.join("");
        const earlier = webArabic.get(key);
        if (earlier && earlier.translation !== translation)
          problems.push(
            `${dir}/ar/${file}: '${item.msgid}' reads '${translation}', but '${earlier.translation}' in ${earlier.file}`,
          );
        else if (!earlier) webArabic.set(key, { translation, file });
      }
    for (const [id, source] of english) {
      const where = `${dir}/ar/${file}: ${id}`;
      const translation = arabic.get(id);
      if (!translation) {
        problems.push(`${where}: no Arabic`);
        continue;
      }
      if (argumentsOf(translation) !== argumentsOf(source))
        problems.push(`${where}: placeholders differ from the English`);
      if (/,\s*plural\s*,/.test(translation))
        for (const category of ["zero", "one", "two", "few", "many", "other"])
          if (!new RegExp(`\\b${category}\\s*\\{`).test(translation))
            problems.push(`${where}: plural without '${category}'`);
      // Within the server's catalogue one English text is one Arabic text, whatever its ids
      // (a text zod reports is found again by its English alone).
      const earlier = arabicByEnglish.get(name).get(source);
      if (explicitIds && earlier !== undefined && earlier !== translation)
        problems.push(`${where}: '${source}' has another Arabic under another id`);
      arabicByEnglish.get(name).set(source, translation);
    }
    for (const id of arabic.keys()) if (!english.has(id)) problems.push(`${dir}/ar/${file}: ${id} is not in English`);
  }
}

// A visitor without JavaScript sees the API's words where the page would have shown its own.
let shared = 0;
for (const [english, web] of arabicByEnglish.get("web")) {
  const api = arabicByEnglish.get("api").get(english);
  if (api === undefined) continue;
  shared++;
  if (api !== web) problems.push(`'${english}' reads '${web}' on the website but '${api}' from the API`);
}
if (shared < 8) problems.push(`only ${shared} messages are shared by the website and the API: was a catalogue moved?`);

if (problems.length > 0) {
  console.error(`i18n:check: ${problems.length} problem(s) in the catalogues (decision 027):\n${problems.join("\n")}`);
  process.exit(1);
}
