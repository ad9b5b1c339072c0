import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { localizeFormMessage } from "../../lib/contact-messages.ts";
import { FieldError } from "../ui/field-error.tsx";
import { errorId } from "./use-form.ts";

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
