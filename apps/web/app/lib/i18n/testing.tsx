import { messages as arForms } from "@khayl/contract/locales/ar/forms";
import { messages as enForms } from "@khayl/contract/locales/en/forms";
import { type Messages, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import type { Language } from "./language.ts";

/**
 * Component tests: renders `children` with Lingui in `language` with `messages` (a
 * compiled catalogue, e.g. `import { messages } from "../../locales/ar/core.po"`). Without
 * messages, English source texts are shown (tests keep the macros' source messages). The
 * shared form and card messages of the contract (the area `forms` a page with such a form
 * loads: decision 027) are always there, as on those pages.
 */
export function TestI18n({
  language = "en",
  messages = {},
  children,
}: {
  language?: Language;
  messages?: Messages;
  children: ReactNode;
}) {
  const shared = language === "ar" ? arForms : enForms;
  const i18n = setupI18n({ locale: language, messages: { [language]: { ...shared, ...messages } } });
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
