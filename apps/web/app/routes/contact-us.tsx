import {
  type ContactField,
  type ContactFormErrors,
  type ContactFormValues,
  contactFields,
  contactMaxLengths,
  divisionOptions,
  subjectOptions,
  validateContactForm,
} from "@khayl/contract/contact-rules";
import { type FocusEvent, type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { FieldError } from "../components/ui/field-error.tsx";
import { Modal } from "../components/ui/modal.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { notify } from "../components/ui/toaster.tsx";
import { type ContactActionResult, submitContact } from "../lib/contact.server.ts";
import { contactCatalogueFor, useContactT } from "../lib/i18n/contact.ts";
import { useT } from "../lib/i18n/index.ts";
import { pageMeta } from "../lib/meta.ts";
import { submittedPhone } from "../lib/phone.ts";
import type { Route } from "./+types/contact-us";

/**
 * The phone library (libphonenumber-js metadata, ~40 KB gzip) loads after hydration, so
 * it never delays the page; until then the field is a plain text input.
 */
const PhoneField = lazy(() => import("../components/phone-field.tsx").then((m) => ({ default: m.PhoneField })));

export function meta({ matches }: Route.MetaArgs) {
  const t = contactCatalogueFor();
  return pageMeta(matches, { title: t.contact.title, description: t.contact.intro });
}

/** POST /contact-us: validates and calls `POST /supportRequests/` (works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitContact(request, context);
}

/**
 * With JavaScript, a network failure reaching the server is answered like a failed
 * submit (error toast, values kept) instead of the error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionResult> {
  try {
    return (await serverAction()) as ContactActionResult;
  } catch {
    return { ok: false, values: emptyValues, errors: {}, message: contactCatalogueFor().contact.failed };
  }
}

const emptyValues: ContactFormValues = {
  fullName: "",
  email: "",
  phone: "",
  subject: "",
  division: "",
  applicableReference: "",
  supportInquiry: "",
};

function readForm(form: HTMLFormElement): ContactFormValues {
  const fd = new FormData(form);
  const values = Object.fromEntries(contactFields.map((f) => [f, String(fd.get(f) ?? "")])) as ContactFormValues;
  return { ...values, phone: submittedPhone(values.phone) };
}

/**
 * /contact-us (product §2, §4, §5): banner, 'Get in touch' and the contact form. On submit
 * every field is validated with the contract's rules; messages appear under their
 * fields and focus moves to the first invalid one. While sending, Submit is disabled
 * with a spinner; on success a modal shows the reference; on failure an error toast.
 */
export default function ContactUs() {
  const core = useT();
  const area = useContactT();
  // One object for the render's lifetime: effects that depend on `t` must not re-run.
  const t = useMemo(() => ({ ...core, ...area }), [core, area]);
  const actionData = useActionData<ContactActionResult>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact-us") === true;
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [clientErrors, setClientErrors] = useState<ContactFormErrors | null>(null);
  const [phone, setPhone] = useState("");
  const [reference, setReference] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    // The phone input is replaced by the phone library after hydration: keep what the
    // visitor typed before (the server's default '+971 ' alone counts as nothing typed).
    const typed = formRef.current?.querySelector<HTMLInputElement>("#phone")?.value.replace(/\s/g, "") ?? "";
    if (typed && typed !== "+971") setPhone(typed);
    setHydrated(true);
  }, []);
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      setReference(actionData.reference);
      setTouched({});
      setClientErrors(null);
      setPhone("");
      setFormKey((k) => k + 1);
    } else if (actionData.message) {
      notify.error(actionData.message || t.contact.failed);
    } else {
      // The server's messages (a form posted before hydration, or rules only it checks)
      // show like a submit's: on every field, focus on the first.
      setTouched(Object.fromEntries(contactFields.map((f) => [f, true])));
      setClientErrors(actionData.errors);
      focusFirstInvalid(actionData.errors);
    }
  }, [actionData, t]);

  const serverValues = actionData && !actionData.ok ? actionData.values : emptyValues;
  const errors: ContactFormErrors = clientErrors ?? (actionData && !actionData.ok ? actionData.errors : {});
  const shown = (field: ContactField) => (hydrated ? (touched[field] ? errors[field] : undefined) : errors[field]);

  function focusFirstInvalid(errs: ContactFormErrors) {
    const first = contactFields.find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${first}`)?.focus();
  }

  function revalidate(nextTouched = touched) {
    if (!formRef.current) return;
    setTouched(nextTouched);
    setClientErrors(validateContactForm(readForm(formRef.current)));
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const name = (event.target as unknown as { name?: string }).name as ContactField;
    if (contactFields.includes(name)) revalidate({ ...touched, [name]: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const errs = validateContactForm(readForm(event.currentTarget));
    setTouched(Object.fromEntries(contactFields.map((f) => [f, true])));
    setClientErrors(errs);
    if (Object.keys(errs).length > 0) {
      event.preventDefault();
      focusFirstInvalid(errs);
    }
  }

  const errorCount = contactFields.filter((f) => shown(f)).length;
  const field = (name: ContactField) => {
    const message = shown(name);
    return {
      id: name,
      name,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `${name}-error` : undefined,
    } as const;
  };
  const inputClass =
    "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:outline-none focus:ring-2 focus:ring-brand aria-[invalid]:border-red-700";
  const labelClass = "mb-1 block font-medium";
  // The summary above the form announces the errors; each message is not a live region too.
  const ErrorText = ({ name }: { name: ContactField }) => (
    <FieldError id={`${name}-error`} message={shown(name)} live={false} />
  );

  return (
    <>
      <section className="relative bg-brand text-white">
        <img
          src="/images/contact-banner.svg"
          alt={t.contact.bannerAlt}
          width={1200}
          height={360}
          fetchPriority="high"
          className="h-48 w-full object-cover md:h-64"
        />
        <div className="absolute inset-0 mx-auto flex max-w-6xl items-end px-4 pb-8">
          <h1 className="text-3xl font-bold md:text-5xl">{t.contact.heading}</h1>
        </div>
      </section>
      <section className="mx-auto max-w-3xl px-4 py-10">
        <p className="mb-6 text-lg">{t.contact.intro}</p>
        {!hydrated && actionData && !actionData.ok && actionData.message ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800">
            {actionData.message}
          </p>
        ) : null}
        {!hydrated && actionData?.ok ? (
          <section role="status" aria-labelledby="thanks-title" className="mb-8 rounded-2xl border border-brand p-6">
            <h2 id="thanks-title" className="text-xl font-bold">
              {t.contact.thanksTitle}
            </h2>
            <p className="mt-2">{t.contact.thanksBody}</p>
            <p className="mt-2">
              {t.contact.referenceLabel}: <strong>{actionData.reference}</strong>
            </p>
            <Link
              to="/"
              className="mt-4 inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold text-white"
            >
              {t.contact.home}
            </Link>
          </section>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {errorCount > 0 ? t.contact.fixErrors(errorCount) : ""}
        </p>
        <Form
          key={formKey}
          ref={formRef}
          method="post"
          noValidate
          aria-label={t.contact.formLabel}
          onSubmit={onSubmit}
          onBlur={onBlur}
          onChange={() => {
            if (Object.values(touched).some(Boolean)) revalidate();
          }}
          className="grid gap-5 md:grid-cols-2"
        >
          <div>
            <label htmlFor="fullName" className={labelClass}>
              {t.contact.fullName}
            </label>
            <input
              {...field("fullName")}
              type="text"
              maxLength={contactMaxLengths.fullName}
              autoComplete="name"
              aria-required="true"
              defaultValue={serverValues.fullName}
              className={inputClass}
            />
            <ErrorText name="fullName" />
          </div>
          <div>
            <label htmlFor="email" className={labelClass}>
              {t.contact.email}
            </label>
            <input
              {...field("email")}
              type="email"
              autoComplete="email"
              aria-required="true"
              defaultValue={serverValues.email}
              className={inputClass}
            />
            <ErrorText name="email" />
          </div>
          <div>
            <label htmlFor="phone" className={labelClass}>
              {t.contact.phone}
            </label>
            {hydrated ? (
              <Suspense
                fallback={
                  <input
                    {...field("phone")}
                    type="tel"
                    autoComplete="tel"
                    aria-required="true"
                    defaultValue={phone || "+971 "}
                    onInput={(e) => setPhone(e.currentTarget.value.replace(/\s/g, ""))}
                    className={inputClass}
                  />
                }
              >
                <PhoneField
                  id="phone"
                  name="phone"
                  value={phone}
                  onChange={(v) => {
                    setPhone(v);
                    if (touched.phone) setTimeout(() => revalidate(), 0);
                  }}
                  onBlur={() => revalidate({ ...touched, phone: true })}
                  countryLabel={t.contact.phoneCountry}
                  invalid={Boolean(shown("phone"))}
                  describedBy={shown("phone") ? "phone-error" : undefined}
                />
              </Suspense>
            ) : (
              <input
                {...field("phone")}
                type="tel"
                autoComplete="tel"
                aria-required="true"
                defaultValue={serverValues.phone || "+971 "}
                className={inputClass}
              />
            )}
            <ErrorText name="phone" />
          </div>
          <div>
            <label htmlFor="subject" className={labelClass}>
              {t.contact.subject}
            </label>
            <select
              {...field("subject")}
              aria-required="true"
              defaultValue={serverValues.subject}
              className={inputClass}
            >
              <option value="">{t.contact.choose}</option>
              {subjectOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <ErrorText name="subject" />
          </div>
          <div>
            <label htmlFor="division" className={labelClass}>
              {t.contact.division}
            </label>
            <select
              {...field("division")}
              aria-required="true"
              defaultValue={serverValues.division}
              className={inputClass}
            >
              <option value="">{t.contact.choose}</option>
              {divisionOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <ErrorText name="division" />
          </div>
          <div>
            <label htmlFor="applicableReference" className={labelClass}>
              {t.contact.applicableReference}
            </label>
            <input
              {...field("applicableReference")}
              type="text"
              maxLength={contactMaxLengths.applicableReference}
              aria-describedby={[
                "applicableReference-hint",
                shown("applicableReference") ? "applicableReference-error" : "",
              ]
                .join(" ")
                .trim()}
              defaultValue={serverValues.applicableReference}
              className={inputClass}
            />
            <p id="applicableReference-hint" className="mt-1 text-sm text-slate-600">
              {t.contact.applicableReferenceHint}
            </p>
            <ErrorText name="applicableReference" />
          </div>
          <div className="md:col-span-2">
            <label htmlFor="supportInquiry" className={labelClass}>
              {t.contact.supportInquiry}
            </label>
            <textarea
              {...field("supportInquiry")}
              rows={5}
              maxLength={contactMaxLengths.supportInquiry}
              aria-required="true"
              placeholder={t.contact.supportInquiryPlaceholder}
              defaultValue={serverValues.supportInquiry}
              className={inputClass}
            />
            <ErrorText name="supportInquiry" />
          </div>
          <div className="hidden" aria-hidden="true">
            <label htmlFor="website">{t.contact.honeypot}</label>
            <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div className="md:col-span-2">
            <button
              type="submit"
              disabled={sending}
              aria-disabled={sending || undefined}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand px-8 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-70"
            >
              {sending ? <Spinner label={t.contact.sending} className="size-5" /> : null}
              {t.contact.submit}
            </button>
          </div>
        </Form>
      </section>
      <Modal
        open={reference !== null}
        onClose={() => setReference(null)}
        title={t.contact.thanksTitle}
        closeLabel={t.common.close}
      >
        <p>{t.contact.thanksBody}</p>
        <p className="mt-3">
          {t.contact.referenceLabel}: <strong data-testid="reference">{reference}</strong>
        </p>
        <Link
          to="/"
          className="mt-6 inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold text-white hover:bg-brand-700"
        >
          {t.contact.home}
        </Link>
      </Modal>
    </>
  );
}
