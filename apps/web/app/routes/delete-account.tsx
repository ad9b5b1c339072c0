import { emailError, OTP_LENGTH, otpBoxError, otpCodeError } from "@khayl/contract/contact-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { BDI_SLOTS, BdiText } from "../components/bdi-text.tsx";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { OtpInput } from "../components/otp-input.tsx";
import { Modal } from "../components/ui/modal.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { notify } from "../components/ui/toaster.tsx";
import { type DeletionActionResult, type DeletionStep, deletionAction } from "../lib/account-deletion.server.ts";
import { usePublicConfig } from "../lib/config.ts";
import { localizeFormMessage } from "../lib/contact-messages.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/delete-account";

/** The page's messages (the `account` area) in its language. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "account") };
}

export function meta({ matches }: Route.MetaArgs) {
  const company = companyFromMatches(matches) ?? "";
  const i18n = i18nFromMatches(matches);
  // Indexed on purpose: app stores ask for a public, findable account-deletion page.
  return pageMeta(matches, {
    title: i18n._(msg`Delete account`),
    description: i18n._(
      msg`Delete your ${company} app account: enter your e-mail, confirm, and type the 4-digit code we send you.`,
    ),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return deletionAction(request, context);
}

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => "");

/** The product §5 message of the code boxes: 'Required' while a box is empty, then 4 digits. */
function codeMessage(boxes: string[]): string | undefined {
  return boxes.some((b) => otpBoxError(b)) ? otpBoxError("") : otpCodeError(boxes.join(""));
}

/** An address has no break opportunities: let it wrap rather than overflow a phone-wide dialog. */
const addressClass = "wrap-anywhere";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2 font-semibold " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed " +
  "disabled:opacity-60";
const primary = `${buttonClass} bg-brand text-white hover:bg-brand-700`;
const secondary = `${buttonClass} border border-slate-400 bg-white text-ink hover:bg-slate-100`;

/**
 * /delete-account (product §2, §4, §5): e-mail → 'Are you Sure?' → code sent → 'Enter
 * Verification Code' → /success. With JavaScript the steps are dialogs driven by a
 * fetcher; without it the same action renders each step as a section of the page.
 */
export default function DeleteAccount() {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const actionData = useActionData<DeletionActionResult>();
  const fetcher = useFetcher<DeletionActionResult>();
  const [hydrated, setHydrated] = useState(false);
  const [email, setEmail] = useState(actionData?.email ?? "");
  // A form posted before the page hydrated (or without JavaScript) answers with a server-
  // rendered step; once hydrated the same step goes on in its dialog, with what was typed.
  const [touched, setTouched] = useState(Boolean(actionData?.emailError));
  const [step, setStep] = useState<DeletionStep>(actionData?.step ?? "email");
  const [code, setCode] = useState(() =>
    actionData?.codeBoxes?.length === OTP_LENGTH ? actionData.codeBoxes : emptyCode(),
  );
  const [codeTouched, setCodeTouched] = useState(Boolean(actionData?.codeError));
  const busy = fetcher.state !== "idle";

  const emailRef = useRef<HTMLInputElement>(null);
  // Once, at hydration: keep what the visitor typed before (the field is controlled), and
  // turn the server's message of that post (an alert in the page) into a toast.
  const hydrate = useEffectEvent(() => {
    const typed = emailRef.current?.value ?? "";
    if (typed) setEmail(typed);
    if (actionData?.message) notify.error(actionData.message);
    setHydrated(true);
  });
  useEffect(() => hydrate(), []);
  // Once per answer of the fetcher, against the step shown when it arrives.
  const answered = useEffectEvent((result: DeletionActionResult) => {
    if (result.message) notify.error(result.message);
    if (result.step === "code" && step !== "code") {
      setCode(emptyCode());
      setCodeTouched(false);
    }
    setStep(result.step === "confirm" ? "email" : result.step);
  });
  useEffect(() => {
    if (fetcher.data) answered(fetcher.data);
  }, [fetcher.data]);

  const emailMessage = emailError(email);
  const submitDisabled = hydrated && (!email.trim() || (touched && Boolean(emailMessage)));
  // The contract's messages (English in the action's answer too), shown in the page's language.
  const shownEmailError = localizeFormMessage(
    i18n,
    hydrated ? (touched ? emailMessage : undefined) : actionData?.emailError,
  );
  const shownCodeError = localizeFormMessage(
    i18n,
    hydrated ? (codeTouched ? codeMessage(code) : undefined) : actionData?.codeError,
  );
  const noJsCodeError = localizeFormMessage(i18n, actionData?.codeError);
  const product = config.productName;
  const title = t`Delete your account`;
  const confirmTitle = t`Are you Sure?`;
  const confirmBody = t`You won't be able to revert this!`;
  const codeTitle = t`Enter Verification Code`;
  const total = OTP_LENGTH;
  const codeDigit = (n: number) => t`Digit ${n} of ${total}`;
  const working = t`Please wait…`;
  // The address goes in a <bdi> (BdiText) wherever the translation puts its slot.
  const address = BDI_SLOTS[0];
  const codeIntro = t`We sent a 4-digit code to ${address} if an account exists for it.`;

  function verify() {
    setCodeTouched(true);
    if (codeMessage(code)) {
      document
        .querySelector<HTMLInputElement>(
          `input[name="otp${Math.max(
            0,
            code.findIndex((c) => !c),
          )}"]`,
        )
        ?.focus();
      return;
    }
    fetcher.submit({ intent: "confirm", email, otpCode: code.join("") }, { method: "post" });
  }

  /**
   * A dialog closed (×, Escape, Cancel, or its step ended): back to the e-mail, unless the flow
   * has already moved on (the confirm dialog reports its close after the code step opened).
   */
  function closeStep(dialog: DeletionStep) {
    setStep((current) => (current === dialog ? "email" : current));
  }

  const noJsStep = !hydrated ? actionData?.step : undefined;

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      {/* A bare page (no navigation): the language switch stands on its own. */}
      <div className="-mt-8 mb-4 flex justify-end">
        <LanguageSwitch />
      </div>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg">{t`To delete your ${product} account, enter the e-mail address you signed up with. We will send a confirmation code to that address; enter it here to confirm. Your name, e-mail and phone number are then deleted, with the messages you sent us from that address; invoices are kept for tax records, without your name.`}</p>
      {noJsStep && actionData?.message ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
          {actionData.message}
        </p>
      ) : null}

      <Form
        method="post"
        noValidate
        className="mt-8 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!emailMessage) setStep("confirm");
        }}
      >
        <div>
          <label htmlFor="email" className="mb-1 block font-medium">
            {t`Email`}
          </label>
          <input
            id="email"
            ref={emailRef}
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            aria-required="true"
            aria-invalid={shownEmailError ? true : undefined}
            aria-describedby={shownEmailError ? "email-error" : undefined}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            className={
              "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:outline-none focus:ring-2 " +
              "focus:ring-brand aria-[invalid]:border-red-700"
            }
          />
          {shownEmailError ? (
            <p id="email-error" role="alert" className="mt-1 text-sm text-red-700">
              {shownEmailError}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" name="intent" value="review" disabled={submitDisabled} className={primary}>
            {t`Submit`}
          </button>
        </div>
      </Form>

      {noJsStep === "confirm" ? (
        <section aria-labelledby="confirm-title" className="mt-8 rounded-2xl border border-slate-300 p-6">
          <h2 id="confirm-title" className="text-xl font-bold">
            {confirmTitle}
          </h2>
          <p className="mt-2">{confirmBody}</p>
          <Form method="post" className="mt-4 flex gap-3">
            <input type="hidden" name="email" value={actionData?.email} />
            <button type="submit" name="intent" value="ask" className={primary}>
              {t`Confirm`}
            </button>
            <Link to="/delete-account" className={secondary}>
              {t`Cancel`}
            </Link>
          </Form>
        </section>
      ) : null}
      {noJsStep === "code" ? (
        <section aria-labelledby="code-title" className="mt-8 rounded-2xl border border-slate-300 p-6">
          <h2 id="code-title" className="text-xl font-bold">
            {codeTitle}
          </h2>
          <p className="mt-2">
            <BdiText text={codeIntro} values={[actionData?.email ?? ""]} className={addressClass} />
          </p>
          <Form method="post" className="mt-4 grid gap-3">
            <input type="hidden" name="email" value={actionData?.email} />
            {/* The boxes read 1-2-3-4 from left to right on Arabic pages too. */}
            <fieldset aria-labelledby="code-title" dir="ltr" className="flex justify-center gap-3">
              {Array.from({ length: OTP_LENGTH }, (_, i) => (
                <input
                  // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions; the index is their identity
                  key={i}
                  name={`otp${i}`}
                  type="text"
                  inputMode="numeric"
                  maxLength={1}
                  aria-label={codeDigit(i + 1)}
                  defaultValue={actionData?.codeBoxes?.[i] ?? ""}
                  aria-invalid={actionData?.codeError ? true : undefined}
                  aria-describedby={actionData?.codeError ? "code-error-nojs" : undefined}
                  className="size-14 rounded-lg border border-slate-300 text-center text-2xl"
                />
              ))}
            </fieldset>
            {actionData?.codeError ? (
              <p id="code-error-nojs" className="text-center text-sm text-red-700">
                {noJsCodeError}
              </p>
            ) : null}
            <button type="submit" name="intent" value="confirm" className={primary}>
              {t`Verify`}
            </button>
          </Form>
        </section>
      ) : null}

      <p className="mt-10 rounded-lg bg-accent-100 p-4">
        <strong>{t`Need help?`}</strong> {t`If you need help, or cannot receive the code, contact us at`}{" "}
        <a href={`mailto:${config.supportEmail}`} dir="ltr" className="font-semibold text-brand-700 underline">
          {config.supportEmail}
        </a>
        .
      </p>

      {/* Both dialogs stay mounted once hydrated and open and close with the step: the native
          dialog's close() then returns focus to Submit, where keyboard users left off.
          Unmounting an open dialog would drop focus to the page's start. */}
      {hydrated ? (
        <Modal
          open={step === "confirm"}
          onClose={() => closeStep("confirm")}
          title={confirmTitle}
          closeLabel={t`Close`}
        >
          <p>{confirmBody}</p>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className={secondary} onClick={() => setStep("email")}>
              {t`Cancel`}
            </button>
            <button
              type="button"
              className={primary}
              disabled={busy}
              onClick={() => fetcher.submit({ intent: "ask", email }, { method: "post" })}
            >
              {busy ? <Spinner label={working} className="size-5" /> : null}
              {t`Confirm`}
            </button>
          </div>
        </Modal>
      ) : null}
      {hydrated ? (
        <Modal
          open={step === "code"}
          onClose={() => closeStep("code")}
          title={codeTitle}
          closeLabel={t`Close`}
          closeOnBackdrop={false}
        >
          {/* Mounted with the step, so the boxes start empty and take focus each time it opens. */}
          {step === "code" ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                verify();
              }}
            >
              <p id="code-intro">
                <BdiText text={codeIntro} values={[email]} className={addressClass} />
              </p>
              <div className="mt-4">
                <OtpInput
                  value={code}
                  onChange={(next) => setCode(next)}
                  boxLabel={codeDigit}
                  groupLabelId="code-intro"
                  errorId={shownCodeError ? "code-error" : undefined}
                  invalid={Boolean(shownCodeError)}
                  autoFocus
                />
              </div>
              {shownCodeError ? (
                <p id="code-error" role="alert" className="mt-2 text-center text-sm text-red-700">
                  {shownCodeError}
                </p>
              ) : null}
              <div className="mt-6 flex justify-end">
                <button type="submit" className={primary} disabled={busy}>
                  {busy ? <Spinner label={working} className="size-5" /> : null}
                  {t`Verify`}
                </button>
              </div>
            </form>
          ) : null}
        </Modal>
      ) : null}
    </main>
  );
}
