import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { localizeFormMessage } from "../../lib/contact-messages.ts";
import { FieldError } from "../ui/field-error.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { errorId, type FieldProps } from "./use-form.ts";

/** The site's text input, select and text area (the invalid state from `aria-invalid`). */
export const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:outline-none focus:ring-2 " +
  "focus:ring-brand aria-[invalid]:border-red-700";

/** How a field's message is announced (see `FieldMessage`). */
type Announce = "summary" | "alert" | "live";

/**
 * A field's message under it (the contract's product §5 message in the page's language),
 * with the id its input's `aria-describedby` names. `announce`: "summary" when the form's
 * `ErrorSummary` reads the errors out (no live region here), "alert" for a form of one
 * field whose message is an alert of its own, "live" for a polite live region that stays
 * mounted (the card form's fields).
 */
function FieldMessage({
  name,
  message,
  announce = "summary",
}: {
  name: string;
  message: string | undefined;
  announce?: Announce;
}) {
  const { i18n } = useLingui();
  const text = localizeFormMessage(i18n, message);
  if (announce === "live") return <FieldError id={errorId(name)} message={text} />;
  if (announce === "alert") {
    return text ? (
      <p id={errorId(name)} role="alert" className="mt-1 text-sm text-red-700">
        {text}
      </p>
    ) : null;
  }
  return <FieldError id={errorId(name)} message={text} live={false} />;
}

/**
 * One field of a form: its label (for `name`, the input's id), the input the page gives as
 * `children`, an optional hint and its message (`FieldMessage`). Declared outside the pages
 * so a message keeps its element while the page re-renders.
 */
export function Field({
  name,
  label,
  message,
  hint,
  announce,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  message: string | undefined;
  hint?: ReactNode;
  announce?: Announce;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={name} className="mb-1 block font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldMessage name={name} message={message} announce={announce} />
    </div>
  );
}

/**
 * A required select of the contract's `options` (their values posted), labelled in the
 * page's language by `labels`, with an empty first option `placeholder` ('Choose...').
 */
export function SelectInput<O extends string>({
  field,
  options,
  labels,
  placeholder,
  defaultValue,
}: {
  field: FieldProps<string>;
  options: readonly { value: O }[];
  labels: Record<O, MessageDescriptor>;
  placeholder: string;
  defaultValue: string;
}) {
  const { i18n } = useLingui();
  return (
    <select {...field} aria-required="true" defaultValue={defaultValue} className={inputClass}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {i18n._(labels[o.value])}
        </option>
      ))}
    </select>
  );
}

/**
 * A form's submit button: while `busy` (the post is on its way) disabled, with a spinner
 * whose accessible name is `busyLabel` ('Sending…').
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy || undefined}
      className={
        "inline-flex min-h-11 items-center gap-2 rounded-full bg-brand px-8 py-2 font-semibold " +
        "text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 " +
        "focus-visible:outline-brand disabled:opacity-70"
      }
    >
      {busy ? <Spinner label={busyLabel} className="size-5" /> : null}
      {children}
    </button>
  );
}
