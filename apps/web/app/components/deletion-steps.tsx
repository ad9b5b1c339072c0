import { OTP_LENGTH } from "@khayl/contract/contact-rules";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "../lib/i18n/link.tsx";
import { BDI_SLOTS, BdiText } from "./bdi-text.tsx";
import { OtpInput } from "./otp-input.tsx";
import { Modal } from "./ui/modal.tsx";
import { Spinner } from "./ui/spinner.tsx";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2 font-semibold " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed " +
  "disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
/** The deletion page's main and secondary buttons. */
export const primary = `${buttonClass} bg-brand text-white hover:bg-brand-700`;
const secondary = `${buttonClass} border border-slate-400 bg-white text-ink hover:bg-slate-100`;

/** An address has no break opportunities: let it wrap rather than overflow a phone-wide dialog. */
const addressClass = "wrap-anywhere";

/**
 * Where a step of the deletion shows: without JavaScript (`dialog` null) a section of the
 * page, which the action rendered; with it a dialog, open while `dialog.open`.
 */
type StepDialog = { open: boolean; onClose: () => void } | null;

function StepFrame({
  dialog,
  id,
  title,
  closeOnBackdrop,
  children,
}: {
  dialog: StepDialog;
  id: string;
  title: string;
  closeOnBackdrop?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  if (dialog) {
    return (
      <Modal
        open={dialog.open}
        onClose={dialog.onClose}
        title={title}
        closeLabel={t`Close`}
        closeOnBackdrop={closeOnBackdrop}
      >
        {children}
      </Modal>
    );
  }
  return (
    <section aria-labelledby={id} className="mt-8 rounded-2xl border border-slate-300 p-6">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The busy state of a step's main button: a spinner named 'Please wait…'. */
function Busy({ busy }: { busy: boolean }) {
  const { t } = useLingui();
  return busy ? <Spinner label={t`Please wait…`} className="size-5" /> : null;
}

/**
 * 'Are you Sure?' (product §4): Confirm asks the server to send the code, Cancel goes back to
 * the e-mail. Without JavaScript a form posting `intent=ask` with the address.
 */
export function ConfirmStep({
  dialog,
  email,
  busy = false,
  onConfirm,
}: {
  dialog: StepDialog;
  email: string;
  busy?: boolean;
  onConfirm?: () => void;
}) {
  const { t } = useLingui();
  const body = t`You won't be able to revert this!`;
  return (
    <StepFrame dialog={dialog} id="confirm-title" title={t`Are you Sure?`}>
      {dialog ? (
        <>
          <p>{body}</p>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className={secondary} onClick={dialog.onClose}>
              {t`Cancel`}
            </button>
            {/* `aria-disabled`, not `disabled`, while busy: the button keeps its focus (SubmitButton). */}
            <button
              type="button"
              className={primary}
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onConfirm?.();
              }}
            >
              <Busy busy={busy} />
              {t`Confirm`}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-2">{body}</p>
          {/* Cancel, then Confirm at the end, as in the dialog. */}
          <Form method="post" className="mt-6 flex justify-end gap-3">
            <input type="hidden" name="email" value={email} />
            <Link to="/delete-account" className={secondary}>
              {t`Cancel`}
            </Link>
            <button type="submit" name="intent" value="ask" className={primary}>
              {t`Confirm`}
            </button>
          </Form>
        </>
      )}
    </StepFrame>
  );
}

/** The code step's state with JavaScript: the boxes, their shown message, and the actions. */
export interface CodeDialogState {
  code: string[];
  error: string | undefined;
  busy: boolean;
  onChange: (code: string[]) => void;
  onVerify: () => void;
}

/**
 * 'Enter Verification Code' (product §4, §5): the sentence naming the address and the
 * 4 boxes, which read 1-2-3-4 from left to right on Arabic pages too. With JavaScript the
 * boxes are `OtpInput` (mounted with the step, so they start empty and take focus each time
 * it opens); without it plain inputs `otp0`…`otp3` posted with `intent=confirm`, holding
 * `boxes` and the server's `error`.
 */
export function CodeStep({
  dialog,
  email,
  boxes,
  error,
  state,
}: {
  dialog: StepDialog;
  email: string;
  boxes?: string[];
  error?: string;
  state?: CodeDialogState;
}) {
  const { t } = useLingui();
  const total = OTP_LENGTH;
  const codeDigit = (n: number) => t`Digit ${n} of ${total}`;
  // The address goes in a <bdi> (BdiText) wherever the translation puts its slot.
  const address = BDI_SLOTS[0];
  const intro = (
    <BdiText
      text={t`We sent a 4-digit code to ${address} if an account exists for it.`}
      values={[email]}
      className={addressClass}
    />
  );
  const verify = t`Verify`;
  if (dialog) {
    return (
      <StepFrame dialog={dialog} id="code-title" title={t`Enter Verification Code`} closeOnBackdrop={false}>
        {dialog.open && state ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!state.busy) state.onVerify();
            }}
          >
            <p id="code-intro">{intro}</p>
            <div className="mt-4">
              <OtpInput
                value={state.code}
                onChange={state.onChange}
                boxLabel={codeDigit}
                groupLabelId="code-intro"
                errorId={state.error ? "code-error" : undefined}
                invalid={Boolean(state.error)}
                autoFocus
              />
            </div>
            {state.error ? (
              <p id="code-error" role="alert" className="mt-2 text-center text-sm text-red-700">
                {state.error}
              </p>
            ) : null}
            <div className="mt-6 flex justify-end">
              {/* Focus stays here while the code is checked, in the dialog, for the answer's alert. */}
              <button type="submit" className={primary} aria-disabled={state.busy || undefined}>
                <Busy busy={state.busy} />
                {verify}
              </button>
            </div>
          </form>
        ) : null}
      </StepFrame>
    );
  }
  return (
    <StepFrame dialog={null} id="code-title" title={t`Enter Verification Code`}>
      <p className="mt-2">{intro}</p>
      <Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="email" value={email} />
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
              defaultValue={boxes?.[i] ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "code-error-nojs" : undefined}
              // biome-ignore lint/a11y/noAutofocus: a refused code (no JavaScript): the page loads on the first box, so a screen reader reads it as invalid with the message (an alert present at load is not read)
              autoFocus={error && i === 0 ? true : undefined}
              className="size-14 rounded-lg border border-slate-300 text-center text-2xl"
            />
          ))}
        </fieldset>
        {error ? (
          <p id="code-error-nojs" role="alert" className="text-center text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <button type="submit" name="intent" value="confirm" className={primary}>
          {verify}
        </button>
      </Form>
    </StepFrame>
  );
}
