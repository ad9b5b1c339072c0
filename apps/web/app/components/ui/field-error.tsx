/**
 * A form field's error message: `id` is what the input's `aria-describedby` names.
 * With `live` (default) the paragraph stays mounted as a polite live region, so a
 * message that appears while the user types or leaves the field is read out; forms
 * that announce a summary of their own (contact) pass `live={false}`.
 */
export function FieldError({ id, message, live = true }: { id: string; message: string | undefined; live?: boolean }) {
  if (!live) {
    return message ? (
      <p id={id} className="mt-1 text-sm text-red-700">
        {message}
      </p>
    ) : null;
  }
  return (
    <p id={id} aria-live="polite" className={message ? "mt-1 text-sm text-red-700" : "sr-only"}>
      {message}
    </p>
  );
}
