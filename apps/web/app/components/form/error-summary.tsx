import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

/**
 * The polite live region above a form that reads out how many fields need correcting
 * (product §5): the fields' own messages are not live regions, so a screen reader hears
 * one sentence, not one per field. Empty (but mounted) while the form has no errors.
 */
export function ErrorSummary({ count: errorCount }: { count: number }) {
  const { t } = useLingui();
  return (
    <p aria-live="polite" className="sr-only">
      {errorCount > 0
        ? t({
            message: plural(errorCount, { one: "Please correct # field.", other: "Please correct # fields." }),
            comment: "Read out by screen readers when the contact form has errors",
          })
        : ""}
    </p>
  );
}
