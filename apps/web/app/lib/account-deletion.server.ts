import { accountDeletionEndpoints } from "@khayl/contract/account-deletion";
import { emailError, OTP_LENGTH, otpBoxError, otpCodeError } from "@khayl/contract/contact-rules";
import { msg } from "@lingui/core/macro";
import { data, redirectDocument } from "react-router";
import { apiErrorHeaders, isApiError, outcomeUnknown, serverMessageOf } from "./api-error.ts";
import type { WebContext } from "./context.ts";
import { readForm } from "./form.server.ts";
import { i18nFor } from "./i18n/catalogue.server.ts";
import { languageOfRequest, localizedPath } from "./i18n/language.ts";

/** Where the deletion flow stands (product §4 Account deletion): e-mail, confirm dialog, code dialog. */
export type DeletionStep = "email" | "confirm" | "code";

export interface DeletionActionResult {
  step: DeletionStep;
  email: string;
  /** product §5 message of the e-mail field (the contract's English; the page shows it in its language). */
  emailError?: string;
  /** product §5 message of the code ('Required' or 'Verification code must be 4 digits'; as `emailError`). */
  codeError?: string;
  /** What was typed in each code box, kept when the code fails the product §5 format check. */
  codeBoxes?: string[];
  /** The server's message, shown as an error toast as it comes (product §4, §8; in the page's language when the API speaks it). */
  message?: string;
  /** The browser could not reach the page's server (the page's `clientAction`): nothing was done. */
  unreachable?: boolean;
  /** With `unreachable`: an error answered instead of the page's server (a 5xx, a proxy's 429 or 503). */
  failed?: boolean;
  /** Changes on every answer so the page reacts to the same message twice. */
  at: number;
}

function answer(result: Omit<DeletionActionResult, "at">, status = 200, headers: Record<string, string> = {}) {
  return data<DeletionActionResult>({ ...result, at: Date.now() }, { status, headers });
}

/**
 * The /delete-account action, one `intent` per step so the flow also works without
 * JavaScript: `review` (check the e-mail, show the confirm step), `ask`
 * (`GET /auth/ask-delete-account`), `confirm` (`POST /auth/confrim-delete-account`,
 * then a redirect to /success, or /ar/success from an Arabic page). A form another site makes the visitor's browser post
 * (`Sec-Fetch-Site: cross-site`) is refused with 403 before anything is read or asked:
 * the API's own cross-site refusal cannot see it, since this server calls the API
 * (architecture §3.7). When the API gave no answer in time (`outcomeUnknown`, 504) the code
 * may have been mailed or the account deleted, so the message says so rather than that the
 * request failed, which would invite a repeat (product §8).
 */
export async function deletionAction(request: Request, context: WebContext) {
  if (request.headers.get("sec-fetch-site")?.toLowerCase() === "cross-site")
    return answer({ step: "email", email: "", message: "Cross-site requests are not allowed" }, 403);
  const form = await readForm(request, 16 * 1024);
  const intent = String(form.get("intent") ?? "review");
  const email = String(form.get("email") ?? "").trim();
  const invalidEmail = emailError(email);
  if (invalidEmail) return answer({ step: "email", email, emailError: invalidEmail }, 400);
  try {
    if (intent === "ask") {
      await context.api.call(accountDeletionEndpoints.ask, { query: { email } });
      return answer({ step: "code", email });
    }
    if (intent === "confirm") {
      const typed = form.has("otpCode")
        ? Array.from({ length: OTP_LENGTH }, (_, i) => String(form.get("otpCode"))[i] ?? "")
        : Array.from({ length: OTP_LENGTH }, (_, i) =>
            String(form.get(`otp${i}`) ?? "")
              .trim()
              .slice(0, 1),
          );
      const joined = typed.join("");
      // One `otpCode` field is judged whole: `12345` is not a code that happens to start with `1234`.
      const whole = form.has("otpCode") ? String(form.get("otpCode")) : joined;
      const codeError = typed.some((b) => otpBoxError(b)) ? otpBoxError("") : otpCodeError(whole);
      if (codeError) return answer({ step: "code", email, codeError, codeBoxes: typed }, 400);
      await context.api.call(accountDeletionEndpoints.confirm, { body: { email, otpCode: joined } });
      // A document load, not a client navigation: the reader starts on the new page and a
      // screen reader announces that the account is deleted (decision 024).
      return redirectDocument(localizedPath("/success", languageOfRequest(request)));
    }
    return answer({ step: "confirm", email });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const unknown = outcomeUnknown(error);
    const status = unknown ? 504 : error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 502;
    const i18n = await i18nFor(request, "account");
    // No answer from the API (`API_URL` down) or its own failure: the page's own words, not
    // the client's 'Network Error' or the provider's account of a 5xx.
    const message = !unknown
      ? (serverMessageOf(error) ?? i18n._(msg`Your request could not be completed. Please try again.`))
      : intent === "confirm"
        ? i18n._(
            msg`We could not confirm that your account was deleted. Before you try again, check your e-mail for a message saying it was deleted, or try signing in to the app.`,
          )
        : i18n._(
            msg`We could not confirm that a verification code was sent. Check your e-mail in a few minutes before you try again: a new request sends a new code and the earlier one stops working.`,
          );
    return answer({ step: intent === "confirm" ? "code" : "email", email, message }, status, apiErrorHeaders(error));
  }
}
