import {
  type ContactField,
  type ContactFormValues,
  contactFields,
  contactMaxLengths,
  divisionOptions,
  subjectOptions,
} from "@khayl/contract/contact-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useEffectEvent, useState } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { ContactThanksModal, ContactThanksSection, whatsappClass } from "../components/contact-thanks.tsx";
import { ErrorSummary } from "../components/form/error-summary.tsx";
import { Field, inputClass } from "../components/form/fields.tsx";
import { SelectInput, SubmitButton } from "../components/form/inputs.tsx";
import { errorId, useFormLayer } from "../components/form/use-form.ts";
import { LazyPhoneField } from "../components/lazy-phone-field.tsx";
import { notify } from "../components/ui/toaster.tsx";
import { WhatsAppLink } from "../components/whatsapp-link.tsx";
import { retryAfterHeaders } from "../lib/api-error.ts";
import { type ContactActionResult, submitContact } from "../lib/contact.server.ts";
import {
  emptyContactValues as emptyValues,
  readContactForm,
  validateContactElement as validate,
} from "../lib/contact-form.ts";
import { divisionLabels, subjectLabels } from "../lib/contact-options.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { unlocalizedPath } from "../lib/i18n/language.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { pageMeta } from "../lib/meta.ts";
import { unlessUnreachable } from "../lib/unreachable.ts";
import type { Route } from "./+types/contact-us";

/** The page's messages (the `contact` area) in its language. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "contact", "forms") };
}

const title = msg`Contact us`;
const intro = msg`Questions about transport, flights or the app? Send us a message and our team will get back to you.`;

/**
 * Title 'Contact us' and the intro sentence as description;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, { title: i18n._(title), description: i18n._(intro) });
}

/** A refusal's `retry-after` reaches the answer (`retryAfterHeaders`). */
export const headers = retryAfterHeaders;

/** POST /contact-us: validates and calls `POST /supportRequests/` (works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitContact(request, context);
}

/** No reload after a post that could not reach the server (`unlessUnreachable`). */
export const shouldRevalidate = unlessUnreachable;

/**
 * With JavaScript, a network failure reaching the server is answered like a failed
 * submit (error toast, values kept) instead of the error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionResult> {
  try {
    return (await serverAction()) as ContactActionResult;
  } catch {
    return { ok: false, values: emptyValues, errors: {}, message: null, unreachable: true };
  }
}

/**
 * What the visitor last typed in the form (its values as it would post them), by history
 * entry (React Router's location key), so that following a link and coming Back, which mounts
 * the form again in the client, shows it again, as a browser restores a form it reloads; a
 * new visit of the page starts empty and a sent form leaves nothing. In memory only: a
 * reload or another tab starts empty.
 */
const drafts = new Map<string, ContactFormValues>();

/**
 * /contact-us (product §2, §4, §5): banner, 'Get in touch' and the contact form. On submit
 * every field is validated with the contract's rules; messages appear under their
 * fields and focus moves to the first invalid one (the form layer, `useFormLayer`). While
 * sending, Submit is aria-disabled with a spinner (it keeps the focus); on success a modal shows the reference; on
 * failure an error toast.
 */
export default function ContactUs() {
  const { t, i18n } = useLingui();
  const choose = t`Choose...`;
  const failed = t`Your message could not be sent. Please try again.`;
  const actionData = useActionData<ContactActionResult>();
  const navigation = useNavigation();
  const entry = useLocation().key;
  const sending =
    navigation.state === "submitting" && unlocalizedPath(navigation.formAction ?? "").startsWith("/contact-us");
  const failedPost = actionData && !actionData.ok ? actionData : undefined;
  const form = useFormLayer<ContactField>({ fields: contactFields, validate, serverErrors: failedPost?.errors });
  const [reference, setReference] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  // Once per answer of the action.
  const answered = useEffectEvent((result: ContactActionResult) => {
    if (result.ok) {
      setReference(result.reference);
      drafts.delete(entry);
      form.reset();
      setFormKey((k) => k + 1);
    } else if (result.unreachable) {
      notify.error(failed);
    } else if (result.message) {
      // The server's message, in the page's language when the API speaks it (as it comes).
      notify.error(result.message);
    } else {
      // The server's messages (a form posted before hydration, or rules only it checks)
      // show like a submit's: on every field, focus on the first.
      form.showErrors(result.errors);
    }
  });
  useEffect(() => {
    if (actionData) answered(actionData);
  }, [actionData]);

  const serverValues = failedPost?.values ?? drafts.get(entry) ?? emptyValues;

  const { hydrated, shown, fieldProps } = form;
  const field = (name: ContactField, label: string, input: ReactNode, hint?: string) => (
    <Field
      name={name}
      label={label}
      message={shown(name)}
      hint={hint}
      className={name === "supportInquiry" ? "md:col-span-2" : undefined}
    >
      {input}
    </Field>
  );

  const select = <O extends string>(
    name: "subject" | "division",
    label: string,
    options: readonly { value: O }[],
    labels: Record<O, MessageDescriptor>,
  ) =>
    field(
      name,
      label,
      <SelectInput
        field={fieldProps(name)}
        options={options}
        labels={labels}
        placeholder={choose}
        defaultValue={serverValues[name]}
      />,
    );

  return (
    <>
      <section className="relative bg-brand text-white">
        <img
          src="/images/contact-banner.svg"
          alt={t`Horses being led into a horse transport`}
          width={1200}
          height={360}
          fetchPriority="high"
          className="h-48 w-full object-cover md:h-64"
        />
        <div className="absolute inset-0 mx-auto flex max-w-6xl items-end px-4 pb-8">
          <h1 className="text-3xl font-bold md:text-5xl">{t`Get in touch`}</h1>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p className="mb-6 text-lg">{i18n._(intro)}</p>
        {!hydrated && failedPost?.message ? (
          <p
            role="alert"
            tabIndex={-1}
            // biome-ignore lint/a11y/noAutofocus: a refusal answered without JavaScript: the page loads on its message, so a screen reader reads it (an alert present at load is not read) and a keyboard starts from it
            autoFocus
            className="mb-4 rounded-lg bg-red-50 p-3 text-red-800"
          >
            {failedPost.message}
          </p>
        ) : null}
        {!hydrated && actionData?.ok ? <ContactThanksSection reference={actionData.reference} /> : null}
        <ErrorSummary count={form.errorCount} />
        <Form
          key={formKey}
          ref={form.ref}
          method="post"
          noValidate
          aria-label={t`Contact form`}
          {...form.handlers}
          onFocus={notify.prepare}
          onBlur={(event) => {
            form.handlers.onBlur(event);
            // Kept whenever a field is left: a link is followed (clicked or tapped) from outside the fields.
            drafts.set(entry, readContactForm(event.currentTarget));
          }}
          className="grid gap-5 md:grid-cols-2"
        >
          {field(
            "fullName",
            t`Full Name`,
            <input
              {...fieldProps("fullName")}
              type="text"
              maxLength={contactMaxLengths.fullName}
              autoComplete="name"
              autoCapitalize="words"
              aria-required="true"
              defaultValue={serverValues.fullName}
              className={inputClass}
            />,
          )}
          {field(
            "email",
            t`Email`,
            <input
              {...fieldProps("email")}
              type="email"
              dir="ltr"
              autoComplete="email"
              aria-required="true"
              defaultValue={serverValues.email}
              className={inputClass}
            />,
          )}
          {field("phone", t`Phone`, <LazyPhoneField form={form} name="phone" defaultValue={serverValues.phone} />)}
          {select("subject", t`Subject`, subjectOptions, subjectLabels)}
          {select("division", t`Division`, divisionOptions, divisionLabels)}
          {field(
            "applicableReference",
            t`Applicable Reference`,
            <input
              {...fieldProps("applicableReference")}
              type="text"
              maxLength={contactMaxLengths.applicableReference}
              // Codes such as INV-2026-000101: capitals, and no keyboard "correcting" them into words.
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              aria-describedby={[
                "applicableReference-hint",
                shown("applicableReference") ? errorId("applicableReference") : "",
              ]
                .join(" ")
                .trim()}
              defaultValue={serverValues.applicableReference}
              className={inputClass}
            />,
            t`Optional: an invoice, booking or flight reference`,
          )}
          {field(
            "supportInquiry",
            t({
              message: "Inquiry",
              comment: "Label of the contact form's text box where the visitor writes the message",
            }),
            <textarea
              {...fieldProps("supportInquiry")}
              rows={5}
              maxLength={contactMaxLengths.supportInquiry}
              aria-required="true"
              placeholder={t`Describe your inquiry`}
              defaultValue={serverValues.supportInquiry}
              className={inputClass}
            />,
          )}
          <div className="hidden" aria-hidden="true">
            <label htmlFor="website">{t`Leave this field empty`}</label>
            <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div className="md:col-span-2">
            <SubmitButton busy={sending} busyLabel={t`Sending…`}>
              {t`Submit`}
            </SubmitButton>
          </div>
        </Form>
        <p className="mt-8">
          <WhatsAppLink className={whatsappClass} text={t`Hello, I have a question about moving my horses.`} />
        </p>
      </div>
      <ContactThanksModal
        reference={reference}
        onClose={() => {
          setReference(null);
          // The dialog opened from a Submit that was disabled while sending, and the form was
          // renewed since, so it has nowhere to return focus: the renewed form's first field takes it.
          form.ref.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
        }}
      />
    </>
  );
}
