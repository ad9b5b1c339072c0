import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Spinner } from "../ui/spinner.tsx";
import { inputClass } from "./fields.tsx";
import type { FieldProps } from "./use-form.ts";

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
 * A form's submit button: while `busy` (the post is on its way) `aria-disabled`, with a spinner
 * whose accessible name is `busyLabel` ('Sending…'), and a press (or Enter in a field) sends
 * nothing more. Not `disabled`: a disabled button drops the focus it has to the page, so a
 * keyboard or screen-reader user would be left nowhere when the answer comes.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      className={
        "inline-flex min-h-11 items-center gap-2 rounded-full bg-brand px-8 py-2 font-semibold " +
        "text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 " +
        "focus-visible:outline-brand aria-disabled:opacity-70"
      }
    >
      {busy ? <Spinner label={busyLabel} className="size-5" /> : null}
      {children}
    </button>
  );
}
