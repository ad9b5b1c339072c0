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
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import {
  type ComponentType,
  type FocusEvent,
  type FormEvent,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
} from "react";
import type { Labels } from "react-phone-number-input";
import { Form, useActionData, useNavigation } from "react-router";
import type { PhoneFieldProps } from "../components/phone-field.tsx";
import { FieldError } from "../components/ui/field-error.tsx";
import { Modal } from "../components/ui/modal.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { notify } from "../components/ui/toaster.tsx";
import { WhatsAppLink } from "../components/whatsapp-link.tsx";
import { type ContactActionResult, submitContact } from "../lib/contact.server.ts";
import { localizeFormMessage } from "../lib/contact-messages.ts";
import { divisionLabels, subjectLabels } from "../lib/contact-options.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { type Language, unlocalizedPath } from "../lib/i18n/language.ts";
import { i18nFromMatches, useLanguage } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { pageMeta } from "../lib/meta.ts";
import { submittedPhone } from "../lib/phone.ts";
import type { Route } from "./+types/contact-us";

/**
 * The phone library's country names and labels in each language (the locale files it
 * ships), each its own chunk: a page downloads only its own language's (~2.5 KB gzip).
 */
const phoneLabels: Record<Language, () => Promise<{ default: Labels }>> = {
  en: () => import("react-phone-number-input/locale/en"),
  ar: () => import("react-phone-number-input/locale/ar"),
};

/** The phone field and its country names in one language, once loaded. */
interface PhoneKit {
  PhoneField: ComponentType<PhoneFieldProps>;
  labels: Labels;
}

/** What each language's phone field loaded (kept for the next visit of the page in this tab). */
const phoneKits: Partial<Record<Language, PhoneKit>> = {};
const phoneKitLoads: Partial<Record<Language, Promise<PhoneKit>>> = {};

/**
 * Loads the phone field with its country names in `language`: the phone library
 * (libphonenumber-js metadata, ~45 KB gzip) and the names, in parallel. Called on the
 * field's first use (focus), not on load (architecture §5, weight floor: a visit that never touches the
 * field never downloads it). A failed load is forgotten, so the next focus tries again.
 */
function loadPhoneKit(language: Language): Promise<PhoneKit> {
  phoneKitLoads[language] ??= Promise.all([import("../components/phone-field.tsx"), phoneLabels[language]()]).then(
    ([{ PhoneField }, { default: labels }]) => {
      phoneKits[language] = { PhoneField, labels };
      return phoneKits[language];
    },
    (error: unknown) => {
      delete phoneKitLoads[language];
      throw error;
    },
  );
  return phoneKitLoads[language];
}

/** The page's messages (the `contact` area) in its language. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "contact") };
}

const title = msg`Contact us`;
const intro = msg`Questions about transport, flights or the app? Send us a message and our team will get back to you.`;

export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, { title: i18n._(title), description: i18n._(intro) });
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
    return { ok: false, values: emptyValues, errors: {}, message: null, unreachable: true };
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

/** Moves focus to the first field (in form order) that has an error. */
function focusFirstInvalid(form: HTMLFormElement | null, errs: ContactFormErrors) {
  const first = contactFields.find((f) => errs[f]);
  if (first) form?.querySelector<HTMLElement>(`#${first}`)?.focus();
}

/**
 * A field's message under it, named by the field's `aria-describedby`. Not a live region:
 * the summary above the form announces the errors. Declared here, not inside the page,
 * so the message keeps its element while the page re-renders.
 */
function ErrorText({ name, message }: { name: ContactField; message: string | undefined }) {
  const { i18n } = useLingui();
  return <FieldError id={`${name}-error`} message={localizeFormMessage(i18n, message)} live={false} />;
}

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
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const thanksTitle = t`Thank you!`;
  const thanksBody = t`We received your inquiry and will get back to you soon.`;
  const referenceLabel = t`Your reference number`;
  const home = t`Home`;
  const choose = t`Choose...`;
  const failed = t`Your message could not be sent. Please try again.`;
  const actionData = useActionData<ContactActionResult>();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && unlocalizedPath(navigation.formAction ?? "").startsWith("/contact-us");
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [clientErrors, setClientErrors] = useState<ContactFormErrors | null>(null);
  const [phone, setPhone] = useState("");
  const [reference, setReference] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  // The phone library's field, once loaded (on the plain field's first focus); until then
  // a plain text input, which also works without JavaScript.
  const [phoneKit, setPhoneKit] = useState<PhoneKit | null>(null);
  const plainPhoneRef = useRef<HTMLInputElement>(null);
  const refocusPhone = useRef(false);

  const phoneFocusedEarly = useEffectEvent(() => {
    // Focused before hydration (no handler yet): that is its first use too.
    if (document.activeElement === plainPhoneRef.current) loadPhoneOnUse();
  });
  useEffect(() => {
    setHydrated(true);
    // Loaded on an earlier visit of the page in this tab: shown at once.
    const loaded = phoneKits[language];
    if (loaded) setPhoneKit(loaded);
    else phoneFocusedEarly();
  }, [language]);

  /**
   * First use of the plain phone input: load the phone library, then swap it in, keeping
   * what the visitor typed (the server's default '+971 ' alone counts as nothing typed)
   * and, if the field still has focus, the focus at the end of the number.
   */
  function loadPhoneOnUse() {
    if (phoneKit) return;
    loadPhoneKit(language).then(
      (loaded) => {
        const plain = plainPhoneRef.current;
        if (plain) {
          const typed = plain.value.replace(/[^\d+]/g, "");
          setPhone(typed === "+971" ? "" : typed);
          refocusPhone.current = document.activeElement === plain;
        }
        setPhoneKit(loaded);
      },
      () => undefined, // the plain input keeps working; the next focus tries again
    );
  }
  useEffect(() => {
    if (!phoneKit || !refocusPhone.current) return;
    refocusPhone.current = false;
    const input = formRef.current?.querySelector<HTMLInputElement>("#phone");
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [phoneKit]);
  // Once per answer of the action.
  const answered = useEffectEvent((result: ContactActionResult) => {
    if (result.ok) {
      setReference(result.reference);
      setTouched({});
      setClientErrors(null);
      setPhone("");
      setFormKey((k) => k + 1);
    } else if (result.unreachable) {
      notify.error(failed);
    } else if (result.message) {
      // The server's message, in the page's language when the API speaks it (as it comes).
      notify.error(result.message);
    } else {
      // The server's messages (a form posted before hydration, or rules only it checks)
      // show like a submit's: on every field, focus on the first.
      setTouched(Object.fromEntries(contactFields.map((f) => [f, true])));
      setClientErrors(result.errors);
      focusFirstInvalid(formRef.current, result.errors);
    }
  });
  useEffect(() => {
    if (actionData) answered(actionData);
  }, [actionData]);

  const serverValues = actionData && !actionData.ok ? actionData.values : emptyValues;
  const errors: ContactFormErrors = clientErrors ?? (actionData && !actionData.ok ? actionData.errors : {});
  const shown = (field: ContactField) => (hydrated ? (touched[field] ? errors[field] : undefined) : errors[field]);

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
      focusFirstInvalid(event.currentTarget, errs);
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
    "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:outline-none focus:ring-2 " +
    "focus:ring-brand aria-[invalid]:border-red-700";
  const labelClass = "mb-1 block font-medium";
  const whatsappClass =
    "inline-flex min-h-11 items-center gap-2 rounded-full border border-brand px-5 py-2 font-semibold text-brand " +
    "hover:bg-brand-50";

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
        {!hydrated && actionData && !actionData.ok && actionData.message ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800">
            {actionData.message}
          </p>
        ) : null}
        {!hydrated && actionData?.ok ? (
          <section role="status" aria-labelledby="thanks-title" className="mb-8 rounded-2xl border border-brand p-6">
            <h2 id="thanks-title" className="text-xl font-bold">
              {thanksTitle}
            </h2>
            <p className="mt-2">{thanksBody}</p>
            <p className="mt-2">
              {referenceLabel}:{" "}
              <strong className="whitespace-nowrap">
                <bdi>{actionData.reference}</bdi>
              </strong>
            </p>
            <Link
              to="/"
              className={
                "mt-4 inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold " + "text-white"
              }
            >
              {home}
            </Link>
            <WhatsAppLink
              className={`ms-3 mt-4 ${whatsappClass}`}
              text={t`Hello, I sent a support request with the reference ${actionData.reference}.`}
            />
          </section>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {errorCount > 0
            ? t({
                message: plural(errorCount, { one: "Please correct # field.", other: "Please correct # fields." }),
                comment: "Read out by screen readers when the contact form has errors",
              })
            : ""}
        </p>
        <Form
          key={formKey}
          ref={formRef}
          method="post"
          noValidate
          aria-label={t`Contact form`}
          onSubmit={onSubmit}
          onBlur={onBlur}
          onChange={() => {
            if (Object.values(touched).some(Boolean)) revalidate();
          }}
          className="grid gap-5 md:grid-cols-2"
        >
          <div>
            <label htmlFor="fullName" className={labelClass}>
              {t`Full Name`}
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
            <ErrorText name="fullName" message={shown("fullName")} />
          </div>
          <div>
            <label htmlFor="email" className={labelClass}>
              {t`Email`}
            </label>
            <input
              {...field("email")}
              type="email"
              dir="ltr"
              autoComplete="email"
              aria-required="true"
              defaultValue={serverValues.email}
              className={inputClass}
            />
            <ErrorText name="email" message={shown("email")} />
          </div>
          <div>
            <label htmlFor="phone" className={labelClass}>
              {t`Phone`}
            </label>
            {phoneKit ? (
              <phoneKit.PhoneField
                id="phone"
                labels={phoneKit.labels}
                language={language}
                name="phone"
                value={phone}
                onChange={(v) => {
                  setPhone(v);
                  if (touched.phone) setTimeout(() => revalidate(), 0);
                }}
                onBlur={() => revalidate({ ...touched, phone: true })}
                countryLabel={t`Phone country`}
                invalid={Boolean(shown("phone"))}
                describedBy={shown("phone") ? "phone-error" : undefined}
              />
            ) : (
              <input
                {...field("phone")}
                ref={plainPhoneRef}
                type="tel"
                dir="ltr"
                autoComplete="tel"
                aria-required="true"
                defaultValue={serverValues.phone || "+971 "}
                onFocus={(event) => {
                  // Like the phone library's field, whose calling code cannot be typed over:
                  // the caret goes after '+971 ' instead of selecting it.
                  const input = event.currentTarget;
                  input.setSelectionRange(input.value.length, input.value.length);
                  loadPhoneOnUse();
                }}
                className={inputClass}
              />
            )}
            <ErrorText name="phone" message={shown("phone")} />
          </div>
          <div>
            <label htmlFor="subject" className={labelClass}>
              {t`Subject`}
            </label>
            <select
              {...field("subject")}
              aria-required="true"
              defaultValue={serverValues.subject}
              className={inputClass}
            >
              <option value="">{choose}</option>
              {subjectOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {i18n._(subjectLabels[o.value])}
                </option>
              ))}
            </select>
            <ErrorText name="subject" message={shown("subject")} />
          </div>
          <div>
            <label htmlFor="division" className={labelClass}>
              {t`Division`}
            </label>
            <select
              {...field("division")}
              aria-required="true"
              defaultValue={serverValues.division}
              className={inputClass}
            >
              <option value="">{choose}</option>
              {divisionOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {i18n._(divisionLabels[o.value])}
                </option>
              ))}
            </select>
            <ErrorText name="division" message={shown("division")} />
          </div>
          <div>
            <label htmlFor="applicableReference" className={labelClass}>
              {t`Applicable Reference`}
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
              {t`Optional: an invoice, booking or flight reference`}
            </p>
            <ErrorText name="applicableReference" message={shown("applicableReference")} />
          </div>
          <div className="md:col-span-2">
            <label htmlFor="supportInquiry" className={labelClass}>
              {t({
                message: "Inquiry",
                comment: "Label of the contact form's text box where the visitor writes the message",
              })}
            </label>
            <textarea
              {...field("supportInquiry")}
              rows={5}
              maxLength={contactMaxLengths.supportInquiry}
              aria-required="true"
              placeholder={t`Describe your inquiry`}
              defaultValue={serverValues.supportInquiry}
              className={inputClass}
            />
            <ErrorText name="supportInquiry" message={shown("supportInquiry")} />
          </div>
          <div className="hidden" aria-hidden="true">
            <label htmlFor="website">{t`Leave this field empty`}</label>
            <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div className="md:col-span-2">
            <button
              type="submit"
              disabled={sending}
              aria-disabled={sending || undefined}
              className={
                "inline-flex min-h-11 items-center gap-2 rounded-full bg-brand px-8 py-2 font-semibold " +
                "text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 " +
                "focus-visible:outline-brand disabled:opacity-70"
              }
            >
              {sending ? <Spinner label={t`Sending…`} className="size-5" /> : null}
              {t`Submit`}
            </button>
          </div>
        </Form>
        <p className="mt-8">
          <WhatsAppLink className={whatsappClass} text={t`Hello, I have a question about moving my horses.`} />
        </p>
      </div>
      <Modal open={reference !== null} onClose={() => setReference(null)} title={thanksTitle} closeLabel={t`Close`}>
        <p>{thanksBody}</p>
        <p className="mt-3">
          {referenceLabel}: {/* A reference is one piece: it never breaks at its hyphens. */}
          <strong data-testid="reference" className="whitespace-nowrap">
            <bdi>{reference}</bdi>
          </strong>
        </p>
        <Link
          to="/"
          className={
            "mt-6 inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold " +
            "text-white hover:bg-brand-700"
          }
        >
          {home}
        </Link>
        {reference ? (
          <WhatsAppLink
            className={`ms-3 mt-6 ${whatsappClass}`}
            text={t`Hello, I sent a support request with the reference ${reference}.`}
          />
        ) : null}
      </Modal>
    </>
  );
}
