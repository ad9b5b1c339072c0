import { useInvoiceT } from "../../lib/i18n/invoice.ts";

/** 'Step N of 4' with the four step names; the current one carries `aria-current="step"`. */
export function StepIndicator({ step }: { step: 1 | 2 | 3 | 4 }) {
  const t = useInvoiceT().invoice;
  return (
    <nav aria-label={t.stepsLabel}>
      <p className="sr-only">{t.stepOf(step, 4)}</p>
      <ol className="flex items-center gap-2 text-xs font-semibold">
        {t.stepNames.map((name, i) => {
          const n = i + 1;
          const state = n < step ? "done" : n === step ? "current" : "todo";
          return (
            <li
              key={name}
              aria-current={state === "current" ? "step" : undefined}
              className="flex flex-1 flex-col gap-1"
            >
              <span
                aria-hidden="true"
                className={`h-1.5 rounded-full ${state === "todo" ? "bg-slate-200" : "bg-brand"}`}
              />
              <span className={state === "todo" ? "text-slate-600" : "text-brand"}>{name}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
