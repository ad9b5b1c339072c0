import { emailError, OTP_LENGTH, otpBoxError, otpCodeError } from "@khayl/contract/contact-rules";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { OtpInput } from "../components/otp-input.tsx";
import { Modal } from "../components/ui/modal.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { notify } from "../components/ui/toaster.tsx";
import { type DeletionActionResult, type DeletionStep, deletionAction } from "../lib/account-deletion.server.ts";
import { usePublicConfig } from "../lib/config.ts";
import { accountCatalogueFor, useAccountT } from "../lib/i18n/account.ts";
import { useT } from "../lib/i18n/index.ts";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/delete-account";

export function meta({ matches }: Route.MetaArgs) {
  const company = companyFromMatches(matches) ?? "";
  const t = accountCatalogueFor().account;
  // Indexed on purpose: app stores ask for a public, findable account-deletion page.
  return pageMeta(matches, { title: t.title, description: t.description(company) });
}

export async function action({ request, context }: Route.ActionArgs) {
  return deletionAction(request, context);
}

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => "");

/** The product §5 message of the code boxes: 'Required' while a box is empty, then 4 digits. */
function codeMessage(boxes: string[]): string | undefined {
  return boxes.some((b) => otpBoxError(b)) ? otpBoxError("") : otpCodeError(boxes.join(""));
}

const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60";
const primary = `${buttonClass} bg-brand text-white hover:bg-brand-700`;
const secondary = `${buttonClass} border border-slate-400 bg-white text-ink hover:bg-slate-100`;

/**
 * /delete-account (product §2, §4, §5): e-mail → 'Are you Sure?' → code sent → 'Enter
 * Verification Code' → /success. With JavaScript the steps are dialogs driven by a
 * fetcher; without it the same action renders each step as a section of the page.
 */
export default function DeleteAccount() {
  const core = useT();
  const area = useAccountT();
  // One object for the render's lifetime: effects that depend on `t` must not re-run.
  const t = useMemo(() => ({ ...core, ...area }), [core, area]);
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
  useEffect(() => {
    // Keep what the visitor typed before the page hydrated (the field is controlled).
    const typed = emailRef.current?.value ?? "";
    if (typed) setEmail(typed);
    // The server's message of that post was an alert in the page; hydrated, it is a toast.
    if (actionData?.message) notify.error(actionData.message);
    setHydrated(true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at hydration
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.message) notify.error(result.message);
    if (result.step === "code" && step !== "code") {
      setCode(emptyCode());
      setCodeTouched(false);
    }
    setStep(result.step === "confirm" ? "email" : result.step);
  }, [fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps -- react to each answer once

  const emailMessage = emailError(email);
  const submitDisabled = hydrated && (!email.trim() || (touched && Boolean(emailMessage)));
  const shownEmailError = hydrated ? (touched ? emailMessage : undefined) : actionData?.emailError;
  const shownCodeError = hydrated ? (codeTouched ? codeMessage(code) : undefined) : actionData?.codeError;

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

  const noJsStep = !hydrated ? actionData?.step : undefined;

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t.account.heading}</h1>
      <p className="mt-4 text-lg">{t.account.explanation(config.productName)}</p>
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
            {t.account.email}
          </label>
          <input
            id="email"
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="email"
            aria-required="true"
            aria-invalid={shownEmailError ? true : undefined}
            aria-describedby={shownEmailError ? "email-error" : undefined}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:outline-none focus:ring-2 focus:ring-brand aria-[invalid]:border-red-700"
          />
          {shownEmailError ? (
            <p id="email-error" role="alert" className="mt-1 text-sm text-red-700">
              {shownEmailError}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" name="intent" value="review" disabled={submitDisabled} className={primary}>
            {t.account.submit}
          </button>
        </div>
      </Form>

      {noJsStep === "confirm" ? (
        <section aria-labelledby="confirm-title" className="mt-8 rounded-2xl border border-slate-300 p-6">
          <h2 id="confirm-title" className="text-xl font-bold">
            {t.account.confirmTitle}
          </h2>
          <p className="mt-2">{t.account.confirmBody}</p>
          <Form method="post" className="mt-4 flex gap-3">
            <input type="hidden" name="email" value={actionData?.email} />
            <button type="submit" name="intent" value="ask" className={primary}>
              {t.account.confirm}
            </button>
            <a href="/delete-account" className={secondary}>
              {t.account.cancel}
            </a>
          </Form>
        </section>
      ) : null}
      {noJsStep === "code" ? (
        <section aria-labelledby="code-title" className="mt-8 rounded-2xl border border-slate-300 p-6">
          <h2 id="code-title" className="text-xl font-bold">
            {t.account.codeTitle}
          </h2>
          <p className="mt-2">{t.account.codeIntro(actionData?.email ?? "")}</p>
          <Form method="post" className="mt-4 grid gap-3">
            <input type="hidden" name="email" value={actionData?.email} />
            <div role="group" aria-labelledby="code-title" className="flex justify-center gap-3">
              {Array.from({ length: OTP_LENGTH }, (_, i) => (
                <input
                  key={i}
                  name={`otp${i}`}
                  type="text"
                  inputMode="numeric"
                  maxLength={1}
                  aria-label={t.account.codeDigit(i + 1)}
                  defaultValue={actionData?.codeBoxes?.[i] ?? ""}
                  aria-invalid={actionData?.codeError ? true : undefined}
                  aria-describedby={actionData?.codeError ? "code-error-nojs" : undefined}
                  className="size-14 rounded-lg border border-slate-300 text-center text-2xl"
                />
              ))}
            </div>
            {actionData?.codeError ? (
              <p id="code-error-nojs" className="text-center text-sm text-red-700">
                {actionData.codeError}
              </p>
            ) : null}
            <button type="submit" name="intent" value="confirm" className={primary}>
              {t.account.verify}
            </button>
          </Form>
        </section>
      ) : null}

      <p className="mt-10 rounded-lg bg-accent-100 p-4">
        <strong>{t.account.noteLead}</strong> {t.account.note}{" "}
        <a href={`mailto:${config.supportEmail}`} className="font-semibold text-brand-700 underline">
          {config.supportEmail}
        </a>
        .
      </p>

      {hydrated && step === "confirm" ? (
        <Modal open onClose={() => setStep("email")} title={t.account.confirmTitle} closeLabel={t.common.close}>
          <p>{t.account.confirmBody}</p>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className={secondary} onClick={() => setStep("email")}>
              {t.account.cancel}
            </button>
            <button
              type="button"
              className={primary}
              disabled={busy}
              onClick={() => fetcher.submit({ intent: "ask", email }, { method: "post" })}
            >
              {busy ? <Spinner label={t.account.working} className="size-5" /> : null}
              {t.account.confirm}
            </button>
          </div>
        </Modal>
      ) : null}
      {hydrated && step === "code" ? (
        <Modal
          open
          onClose={() => setStep("email")}
          title={t.account.codeTitle}
          closeLabel={t.common.close}
          closeOnBackdrop={false}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              verify();
            }}
          >
            <p id="code-intro">{t.account.codeIntro(email)}</p>
            <div className="mt-4">
              <OtpInput
                value={code}
                onChange={(next) => setCode(next)}
                boxLabel={t.account.codeDigit}
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
                {busy ? <Spinner label={t.account.working} className="size-5" /> : null}
                {t.account.verify}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </main>
  );
}
