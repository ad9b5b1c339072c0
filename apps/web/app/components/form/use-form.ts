import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";

/** A form's messages by field name (the contract's product §5 text, English until shown). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormLayerOptions<F extends string> {
  /** The form's fields in form order: the order of "focus on the first error". */
  fields: readonly F[];
  /** The form's messages for what it holds now (the contract's rules, read from the form element). */
  validate: (form: HTMLFormElement) => FieldErrors<F>;
  /** The messages of the action's answer to a post (shown as they are before hydration). */
  serverErrors?: FieldErrors<F>;
  /** Fields that count as touched from the start (a no-JS post the server answered with messages). */
  initiallyTouched?: readonly F[];
}

/**
 * The props that tie an input to its message: `id`, `name`, `aria-invalid`,
 * `aria-describedby`; `autoFocus` on the first field the server's answer refused.
 */
export interface FieldProps<F extends string> {
  id: F;
  name: F;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  autoFocus: true | undefined;
}

/** The id of `field`'s message, what its `aria-describedby` names. */
export const errorId = (field: string) => `${field}-error`;

const allTouched = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<F, boolean>>;

/**
 * The one form layer of the site's forms (product §5, decision 026): owns which fields
 * were touched, the current messages, focus on the first invalid field and the count the
 * error summary announces; the page keeps its fields and what happens on a valid submit.
 *
 * - Before hydration (or without JavaScript) the server's messages show on their fields, and
 *   the page loads focused on the first of them (server-rendered `autofocus`), as a submit
 *   focuses it: a screen reader reads that field with its message (a message already in the
 *   page at load is not read out).
 * - A field's message shows once it was left (blur) or the form was submitted; after
 *   that every change revalidates the form.
 * - Submit validates every field; with a message the post is stopped and focus moves to
 *   the first invalid field in form order.
 *
 * The form element must carry `ref={form.ref}` and the handlers of `form.handlers`.
 */
export function useFormLayer<F extends string>({
  fields,
  validate,
  serverErrors,
  initiallyTouched = [],
}: FormLayerOptions<F>) {
  const ref = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>(() => allTouched(initiallyTouched));
  const [clientErrors, setClientErrors] = useState<FieldErrors<F> | null>(null);
  useEffect(() => setHydrated(true), []);

  const errors: FieldErrors<F> = clientErrors ?? serverErrors ?? {};
  const shown = (field: F) => (hydrated ? (touched[field] ? errors[field] : undefined) : errors[field]);

  function focusFirst(errs: FieldErrors<F>, form = ref.current) {
    const first = fields.find((f) => errs[f]);
    if (first) form?.querySelector<HTMLElement>(`#${first}`)?.focus();
  }

  /** Validates the form again, with `nextTouched` as the touched fields. */
  function revalidate(nextTouched = touched) {
    if (!ref.current) return;
    setTouched(nextTouched);
    setClientErrors(validate(ref.current));
  }

  /** Marks `field` as left and validates. */
  const touch = (field: F) => revalidate({ ...touched, [field]: true });

  /** Shows `errs` (a server's answer) like a submit's: on every field, focus on the first. */
  function showErrors(errs: FieldErrors<F>) {
    setTouched(allTouched(fields));
    setClientErrors(errs);
    focusFirst(errs);
  }

  /** Back to a fresh form (after a successful send). */
  function reset() {
    setTouched({});
    setClientErrors(null);
  }

  const handlers = {
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const name = (event.target as { name?: string }).name as F;
      if (fields.includes(name)) touch(name);
    },
    onChange() {
      if (Object.values(touched).some(Boolean)) revalidate();
    },
    /** Validates every field; with a message, stops the post and focuses the first. */
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const errs = validate(event.currentTarget);
      setTouched(allTouched(fields));
      setClientErrors(errs);
      if (Object.keys(errs).length > 0) {
        event.preventDefault();
        focusFirst(errs, event.currentTarget);
      }
    },
  };

  const firstServerError = hydrated || !serverErrors ? undefined : fields.find((f) => serverErrors[f]);

  /** The props that tie `field`'s input to its message. */
  const fieldProps = (field: F): FieldProps<F> => {
    const message = shown(field);
    return {
      id: field,
      name: field,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? errorId(field) : undefined,
      autoFocus: field === firstServerError ? true : undefined,
    };
  };

  return {
    ref,
    hydrated,
    handlers,
    shown,
    fieldProps,
    touch,
    touched: (field: F) => Boolean(touched[field]),
    revalidate,
    showErrors,
    reset,
    /** How many fields show a message (what the error summary announces). */
    errorCount: fields.filter((f) => shown(f)).length,
  };
}

/** What `useFormLayer` returns. */
export type FormLayer<F extends string> = ReturnType<typeof useFormLayer<F>>;
