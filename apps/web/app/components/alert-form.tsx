import type { AlertWatch } from "@khayl/contract/alerts";
import { disciplines } from "@khayl/contract/disciplines";
import { useLingui } from "@lingui/react/macro";
import type { AlertFormValues } from "../lib/alerts.server.ts";
import { localizedPath } from "../lib/i18n/language.ts";
import { useLanguage } from "../lib/i18n/lingui.tsx";
import { useDisciplineNames } from "./discipline-names.ts";
import { alertFieldClass, MailLanguageSelect } from "./mail-language-select.tsx";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 py-2 font-semibold text-white " +
  "hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * 'Tell me when' (decision 028): a plain HTML form (no JavaScript, decision 024) posting to
 * `/alerts` in the page's language. `watch` `flights` offers all/import/export, `shows` a
 * choice of disciplines (none ticked = all), `flight`/`show` watches the one entry `id`.
 * The mail language defaults to the page's. `refused` (on `/alerts`, after the API refused
 * the sign-up as bad input) fills the form in again with what was sent and shows the API's
 * `message` under the address, which the page then loads focused on (no script reads an
 * alert present at load). The address is checked there only, not by the browser.
 */
export function AlertForm({
  watch,
  id,
  refused,
}: {
  watch: AlertWatch;
  id?: number;
  refused?: { values: AlertFormValues; message: string };
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const names = useDisciplineNames();
  const headingId = `alert-form-${watch}`;
  const values = refused?.values;
  const errorId = `${headingId}-error`;
  return (
    <section
      aria-labelledby={headingId}
      // Below the fold on a schedule (decision 024); on `/alerts` it is the page.
      className={`${refused ? "" : "below-fold-form "}grid gap-3 rounded-2xl border border-slate-300 px-5 py-4 text-ink`}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {watch === "flight" || watch === "show" ? t`E-mail me if this changes` : t`Tell me when`}
      </h2>
      {/* `noValidate`: the address is checked by the server, whose message is in the page's language and
          the product's words ('Must be a valid Email'), not the browser's bubble in its own language. */}
      <form method="post" action={localizedPath("/alerts", language)} noValidate className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="watch" value={watch} />
        {id !== undefined && <input type="hidden" name="filter" value={String(id)} />}
        <div className="grid gap-1">
          <label className="grid gap-1">
            <span>{t`E-mail`}</span>
            <input
              className={alertFieldClass}
              type="email"
              dir="ltr"
              name="email"
              required
              autoComplete="email"
              maxLength={254}
              defaultValue={values?.email}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? errorId : undefined}
              // biome-ignore lint/a11y/noAutofocus: a refused sign-up (no script on this page): it loads on the address, read as invalid with its message
              autoFocus={refused ? true : undefined}
            />
          </label>
          {/* After the label, not in it: the message describes the field, it is not part of its name. */}
          {refused ? (
            <span id={errorId} className="text-sm text-red-700">
              {refused.message}
            </span>
          ) : null}
        </div>
        {watch === "flights" && (
          <label className="grid gap-1">
            <span>{t`Flights to watch`}</span>
            <select className={alertFieldClass} name="filter" defaultValue={values?.filter ?? "all"}>
              <option value="all">{t`All flights`}</option>
              <option value="import">{t`Import`}</option>
              <option value="export">{t`Export`}</option>
            </select>
          </label>
        )}
        {watch === "shows" && (
          <fieldset className="grid gap-1">
            <legend>{t`Disciplines (none ticked: all shows)`}</legend>
            <div className="flex flex-wrap gap-x-4">
              {disciplines.map((d) => (
                <label key={d.id} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="discipline"
                    value={String(d.id)}
                    defaultChecked={values?.disciplines.includes(String(d.id))}
                  />
                  <span>{names[d.id]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <MailLanguageSelect defaultValue={values?.language ?? language} />
        <div className="hidden" aria-hidden="true">
          <label>
            Website
            <input type="text" name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <p className="text-sm text-slate-700 sm:col-span-2">
          {t`We send a mail to confirm first. Each alert mail has a link to stop alerts at once.`}
        </p>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass}>
            {t`Send me alerts`}
          </button>
        </div>
      </form>
    </section>
  );
}
