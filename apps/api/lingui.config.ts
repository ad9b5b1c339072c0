import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The server's message catalogue (decision 027): every text the API, its mails and the
 * invoice PDF show, as Lingui messages with explicit ids (`invoice.notFound`), from the
 * contract (`packages/contract/src`, the API's answers) and from the API's own modules
 * (mails, PDF labels, badges). `npm run i18n:extract -w @khayl/api` writes
 * src/locales/<language>/messages.po, and packages/contract/src/locales/<language>/forms.po
 * for the form and card messages the website shows too, (the Arabic `msgstr`s are written by hand, Modern
 * Standard Arabic for the UAE, as the web's: decision 016) and `npm run i18n:compile -w
 * @khayl/api` compiles them into src/locales/<language>/messages.ts, which the API imports.
 */
/** The contract's rules whose messages the website shows as well (contact, deletion, card forms). */
const sharedFormRules = [
  "<rootDir>/../../packages/contract/src/contact-rules.ts",
  "<rootDir>/../../packages/contract/src/card-rules.ts",
];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ar"],
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      // The form and card messages both the website and the API show: one catalogue in the
      // contract, which the website's pages load too (decision 027, "one place").
      path: "<rootDir>/../../packages/contract/src/locales/{locale}/forms",
      include: sharedFormRules,
    },
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/../../packages/contract/src"],
      exclude: ["**/*.test.ts", "**/locales/**", ...sharedFormRules],
    },
  ],
  orderBy: "messageId",
  compileNamespace: "ts",
});
