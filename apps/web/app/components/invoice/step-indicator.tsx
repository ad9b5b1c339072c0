import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

/** The four payment steps' short names, in order (the indicator's labels and the page's title). */
export const stepNames = [
  msg({ message: "Summary", comment: "Invoice payment step 1 of 4 (short label under a progress bar)" }),
  msg({ message: "Details", comment: "Invoice payment step 2 of 4: the amounts and fees" }),
  msg({ message: "Payment", comment: "Invoice payment step 3 of 4: paying by card or Apple Pay" }),
  msg({ message: "Done", comment: "Invoice payment step 4 of 4: paid" }),
] as const;

/**
 * 'Step N of 4' (read before the list) with the four step names, a plain list (not a
 * navigation landmark: it holds no links); the current one carries `aria-current="step"`.
 * The steps are a flex row in the page's direction: in Arabic step 1 is on the right.
 */
export function StepIndicator({ step }: { step: 1 | 2 | 3 | 4 }) {
  const { t, i18n } = useLingui();
  const total = 4;
  const names = stepNames.map((name) => i18n._(name));
  return (
    <div>
      <p className="sr-only">{t`Step ${step} of ${total}`}</p>
      {/* Each label as wide as its word; at a phone's largest text the steps wrap to a second row. */}
      <ol className="flex flex-wrap items-center gap-2 text-xs font-semibold wrap-break-word">
        {names.map((name, i) => {
          const n = i + 1;
          const state = n < step ? "done" : n === step ? "current" : "todo";
          return (
            <li key={n} aria-current={state === "current" ? "step" : undefined} className="flex flex-1 flex-col gap-1">
              <span
                aria-hidden="true"
                className={`h-1.5 rounded-full forced-colors:border ${state === "todo" ? "bg-slate-200" : "bg-brand forced-colors:border-3"}`}
              />
              <span className={state === "todo" ? "text-slate-600" : "text-brand"}>{name}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
