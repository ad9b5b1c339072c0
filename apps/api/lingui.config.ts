import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The server's message catalogue (decision 027): every text the API, its mails and the
 * invoice PDF show, as Lingui messages with explicit ids (`invoice.notFound`), from the
 * contract (`packages/contract/src`, the API's answers) and from the API's own modules
 * (mails, PDF labels, badges). `npm run i18n:extract -w @khayl/api` writes
 * src/locales/<language>/messages.po (the Arabic `msgstr`s are written by hand, Modern
 * Standard Arabic for the UAE, as the web's: decision 016) and `npm run i18n:compile -w
 * @khayl/api` compiles them into src/locales/<language>/messages.ts, which the API imports.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ar"],
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/../../packages/contract/src"],
      exclude: ["**/*.test.ts", "**/locales/**"],
    },
  ],
  orderBy: "messageId",
  compileNamespace: "ts",
});
