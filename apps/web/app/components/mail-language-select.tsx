import { useLingui } from "@lingui/react/macro";

/** The look of the alert forms' fields (decision 028): a 44 px tall box with a visible focus ring. */
export const alertFieldClass =
  "min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-ink focus-visible:outline-2 " +
  "focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * 'Language of the mails' (decision 028): the labelled choice of English or Arabic for the
 * alert mails, posted as `language` (`en` | `ar`). Each option names its language in that
 * language, so a reader of either finds theirs.
 */
export function MailLanguageSelect({ defaultValue }: { defaultValue: "en" | "ar" }) {
  const { t } = useLingui();
  return (
    <label className="grid gap-1">
      <span>{t`Language of the mails`}</span>
      <select className={alertFieldClass} name="language" defaultValue={defaultValue}>
        <option value="en" lang="en">
          English
        </option>
        <option value="ar" lang="ar">
          العربية
        </option>
      </select>
    </label>
  );
}
