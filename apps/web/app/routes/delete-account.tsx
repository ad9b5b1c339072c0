import { emailError, OTP_LENGTH, otpBoxError, otpCodeError } from "@khayl/contract/contact-rules";
import { DELETION_CODE_TTL_MS } from "@khayl/contract/deletion-code";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { CodeStep, ConfirmStep, primary } from "../components/deletion-steps.tsx";
import { Field, inputClass } from "../components/form/fields.tsx";
import { useFormLayer } from "../components/form/use-form.ts";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { notify } from "../components/ui/toaster.tsx";
import { type DeletionActionResult, type DeletionStep, deletionAction } from "../lib/account-deletion.server.ts";
import { retryAfterHeaders } from "../lib/api-error.ts";
import { usePublicConfig } from "../lib/config.ts";
import { localizeFormMessage } from "../lib/contact-messages.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import { unlessUnreachable } from "../lib/unreachable.ts";
import type { Route } from "./+types/delete-account";

/** The page's messages (the `account` area) in its language. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "account", "forms") };
}

/**
 * Title 'Delete account' and a description of the steps naming the company, with `pageMeta`'s
 * canonical, hreflang links and share card; indexed on purpose (see the note inside).
 */
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

/** A refusal's `retry-after` reaches the answer (`retryAfterHeaders`). */
export const headers = retryAfterHeaders;

/** No reload after a post that could not reach the server (`unlessUnreachable`). */
export const shouldRevalidate = unlessUnreachable;

/**
 * The deletion form's posts (product §4 Account deletion), one `intent` per step (`deletionAction`):
 * `review`, `ask` (`GET /auth/ask-delete-account`), `confirm` (`POST /auth/confrim-delete-account`,
 * then a redirect to /success or /ar/success). Answers the next step; refuses with 400 and the
 * product §5 message, the API's status and message (with `retry-after`), or 403 for a cross-site post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return deletionAction(request, context);
}

/**
 * With JavaScript, a post that cannot reach the server (a dropped connection: the browser's
 * fetch fails with a `TypeError`), or that an error answers (the action failing on the
 * server, which React Router hands on as an `Error`, or a proxy's 429 or 503 in an outage,
 * as an error response), is answered on the page, `unreachable` (`failed` for the second), in
 * the step it was sent from, instead of the error page: the code dialog stays open with what
 * was typed, and the error shows as a toast or in the dialog (product §4: a server error is an
 * error toast). The server's own answers (its refusals are data, not errors) and its
 * redirects pass as they are.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<DeletionActionResult> {
  const form = await request.clone().formData();
  try {
    return (await serverAction()) as DeletionActionResult;
  } catch (error) {
    if (error instanceof Response && error.status < 400) {
      // Deleted (the redirect to /success): no code step to open again.
      keepCodeStep();
      throw error;
    }
    const step: DeletionStep = form.get("intent") === "confirm" ? "code" : "email";
    const failed = !(error instanceof TypeError);
    return { step, email: String(form.get("email") ?? ""), unreachable: true, failed, at: Date.now() };
  }
}

/**
 * The code step, kept for the tab (sessionStorage, as `[asked at, address]`) from the moment
 * the code is asked until the account is deleted, the code dialog closes or the code expires
 * (`DELETION_CODE_TTL_MS`): a reload (pull-to-refresh, a phone discarding the tab while its owner reads
 * the mail) opens the code dialog again for that address, where asking again would mail a new
 * code that replaces the first. Without an argument it forgets the step. Nothing when the
 * browser refuses storage.
 */
function keepCodeStep(step?: [number, string]) {
  try {
    if (step) sessionStorage.setItem(CODE_STEP_KEY, JSON.stringify(step));
    else sessionStorage.removeItem(CODE_STEP_KEY);
  } catch {}
}
const CODE_STEP_KEY = "deletion-code-step";

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => "");

/** The product §5 message of the code boxes: 'Required' while a box is empty, then 4 digits. */
function codeMessage(boxes: string[]): string | undefined {
  return boxes.some((b) => otpBoxError(b)) ? otpBoxError("") : otpCodeError(boxes.join(""));
}

const emailFields = ["email"] as const;
/** The e-mail form's message (product §5), read from the form as it is now. */
function validateEmail(form: HTMLFormElement) {
  const message = emailError(String(new FormData(form).get("email") ?? ""));
  return message ? { email: message } : {};
}

/**
 * /delete-account (product §2, §4, §5): e-mail → 'Are you Sure?' → code sent → 'Enter
 * Verification Code' → /success. With JavaScript the steps are dialogs driven by a
 * fetcher; without it the same action renders each step as a section of the page
 * (`ConfirmStep` and `CodeStep` are both); a reload with JavaScript reopens the code dialog
 * while the code asked in the tab is valid (`keepCodeStep`). The e-mail field is on the form layer
 * (`useFormLayer`): its message shows once it was left or submitted.
 */
export default function DeleteAccount() {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const actionData = useActionData<DeletionActionResult>();
  const fetcher = useFetcher<DeletionActionResult>();
  // A form posted before the page hydrated (or without JavaScript) answers with a server-
  // rendered step; once hydrated the same step goes on in its dialog, with what was typed.
  const form = useFormLayer({
    fields: emailFields,
    validate: validateEmail,
    serverErrors: { email: actionData?.emailError },
    initiallyTouched: actionData?.emailError ? emailFields : [],
  });
  const [email, setEmail] = useState(actionData?.email ?? "");
  const [step, setStep] = useState<DeletionStep>(actionData?.step ?? "email");
  const [code, setCode] = useState(() =>
    actionData?.codeBoxes?.length === OTP_LENGTH ? actionData.codeBoxes : emptyCode(),
  );
  const [codeTouched, setCodeTouched] = useState(Boolean(actionData?.codeError));
  // The server's answer to a code (wrong, expired, too many tries), shown in the code dialog's
  // own alert: a toast outside an open modal dialog is inert (unannounced, under the backdrop).
  const [codeRefusal, setCodeRefusal] = useState<string | undefined>(
    actionData?.step === "code" ? actionData.message : undefined,
  );
  const busy = fetcher.state !== "idle";
  const { hydrated } = form;

  // Once, at hydration: keep what the visitor typed before (the field is controlled), and
  // turn the server's message of that post (an alert in the page) into a toast.
  const hydrate = useEffectEvent(() => {
    const typed = form.ref.current?.querySelector<HTMLInputElement>("#email")?.value ?? "";
    if (typed) setEmail(typed);
    if (form.touched("email")) form.revalidate();
    if (actionData?.message && actionData.step !== "code") notify.error(actionData.message);
    // A code asked in this tab before a reload, still valid: its dialog again, for its address.
    let kept: [number, string] | undefined;
    try {
      kept = JSON.parse(sessionStorage.getItem(CODE_STEP_KEY) ?? "");
    } catch {}
    if (!actionData && kept && Date.now() - kept[0] < DELETION_CODE_TTL_MS) {
      setEmail(kept[1]);
      setStep("code");
    } else keepCodeStep();
  });
  useEffect(() => hydrate(), []);
  // Once per answer of the fetcher, against the step shown when it arrives.
  const answered = useEffectEvent((result: DeletionActionResult) => {
    if (result.unreachable) {
      // The step stays as it was, with what was typed (nothing reached the server, or it failed).
      const message = result.failed
        ? t`Your request could not be completed. Please try again.`
        : t`The server could not be reached. Check your connection and try again.`;
      if (step === "code") setCodeRefusal(message);
      else {
        notify.error(message);
        setStep("email");
      }
      return;
    }
    const refusedCode = result.step === "code" && step === "code";
    if (result.message && !refusedCode) notify.error(result.message);
    setCodeRefusal(refusedCode ? result.message : undefined);
    if (result.step === "code" && step !== "code") {
      setCode(emptyCode());
      setCodeTouched(false);
      keepCodeStep([Date.now(), result.email]);
    }
    setStep(result.step === "confirm" ? "email" : result.step);
  });
  useEffect(() => {
    if (fetcher.data) answered(fetcher.data);
  }, [fetcher.data]);

  const submitDisabled = hydrated && (!email.trim() || Boolean(form.shown("email")));
  // The contract's messages (English in the action's answer too), shown in the page's language.
  const shownCodeError =
    localizeFormMessage(i18n, hydrated ? (codeTouched ? codeMessage(code) : undefined) : actionData?.codeError) ??
    codeRefusal;
  const product = config.productName;

  function verify() {
    setCodeTouched(true);
    if (codeMessage(code)) {
      const firstEmpty = Math.max(
        0,
        code.findIndex((c) => !c),
      );
      document.querySelector<HTMLInputElement>(`input[name="otp${firstEmpty}"]`)?.focus();
      return;
    }
    fetcher.submit({ intent: "confirm", email, otpCode: code.join("") }, { method: "post" });
  }

  /**
   * A dialog closed (×, Escape, Cancel, or its step ended): back to the e-mail, unless the flow
   * has already moved on (the confirm dialog reports its close after the code step opened).
   */
  const closing = (dialog: DeletionStep) => () => setStep((current) => (current === dialog ? "email" : current));

  const noJsStep = !hydrated ? actionData?.step : undefined;

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      {/* A bare page (no navigation): the language switch stands on its own. */}
      <div className="-mt-8 mb-4 flex justify-end">
        <LanguageSwitch />
      </div>
      <h1 className="text-3xl font-bold">{t`Delete your account`}</h1>
      <p className="mt-4 text-lg">{t`To delete your ${product} account, enter the e-mail address you signed up with. We will send a confirmation code to that address; enter it here to confirm. Your name, e-mail and phone number are then deleted, with the messages you sent us from that address; invoices are kept for tax records, without your name.`}</p>
      {noJsStep && noJsStep !== "code" && actionData?.message ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
          {actionData.message}
        </p>
      ) : null}

      <Form
        ref={form.ref}
        method="post"
        noValidate
        className="mt-8 grid gap-4"
        onFocus={notify.prepare}
        onBlur={form.handlers.onBlur}
        onChange={form.handlers.onChange}
        onSubmit={(event) => {
          form.handlers.onSubmit(event);
          event.preventDefault();
          if (!emailError(email)) setStep("confirm");
        }}
      >
        <Field name="email" label={t`Email`} message={form.shown("email")} announce="alert">
          <input
            {...form.fieldProps("email")}
            type="email"
            dir="ltr"
            autoComplete="email"
            aria-required="true"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </Field>
        <div>
          {/* product §5: disabled when empty, or invalid and touched. `aria-disabled`, not `disabled`:
              the field is touched as focus leaves it for this button, which must still take that
              focus (a disabled one would drop it to the page); a press then only shows the message. */}
          <button
            type="submit"
            name="intent"
            value="review"
            aria-disabled={submitDisabled || undefined}
            className={primary}
          >
            {t`Submit`}
          </button>
        </div>
      </Form>

      {noJsStep === "confirm" ? <ConfirmStep dialog={null} email={actionData?.email ?? ""} /> : null}
      {noJsStep === "code" ? (
        <CodeStep
          dialog={null}
          email={actionData?.email ?? ""}
          boxes={actionData?.codeBoxes}
          error={localizeFormMessage(i18n, actionData?.codeError) ?? actionData?.message}
        />
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
        <ConfirmStep
          dialog={{ open: step === "confirm", onClose: closing("confirm") }}
          email={email}
          busy={busy}
          onConfirm={() => fetcher.submit({ intent: "ask", email }, { method: "post" })}
        />
      ) : null}
      {hydrated ? (
        <CodeStep
          dialog={{
            open: step === "code",
            onClose: () => {
              keepCodeStep();
              closing("code")();
            },
          }}
          email={email}
          state={{
            code,
            error: shownCodeError,
            busy,
            onChange: (typed) => {
              setCode(typed);
              setCodeRefusal(undefined);
            },
            onVerify: verify,
          }}
        />
      ) : null}
    </main>
  );
}
