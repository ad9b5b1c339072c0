import { accountDeletionEndpoints } from "@khayl/contract/account-deletion";
import { emailError, OTP_LENGTH, otpBoxError, otpCodeError } from "@khayl/contract/contact-rules";
import { data, redirect } from "react-router";
import { isApiError } from "./api-error.ts";
import type { WebContext } from "./context.ts";
import { readForm } from "./form.server.ts";

/** Where the deletion flow stands (product §4 Account deletion): e-mail, confirm dialog, code dialog. */
export type DeletionStep = "email" | "confirm" | "code";

export interface DeletionActionResult {
  step: DeletionStep;
  email: string;
  /** product §5 message of the e-mail field. */
  emailError?: string;
  /** product §5 message of the code ('Required' or 'Verification code must be 4 digits'). */
  codeError?: string;
  /** What was typed in each code box, kept when the code fails the product §5 format check. */
  codeBoxes?: string[];
  /** The server's message, shown as an error toast (product §4, §8). */
  message?: string;
  /** Changes on every answer so the page reacts to the same message twice. */
  at: number;
}

function answer(result: Omit<DeletionActionResult, "at">, status = 200) {
  return data<DeletionActionResult>({ ...result, at: Date.now() }, { status });
}

/**
 * The /delete-account action, one `intent` per step so the flow also works without
 * JavaScript: `review` (check the e-mail, show the confirm step), `ask`
 * (`GET /auth/ask-delete-account`), `confirm` (`POST /auth/confrim-delete-account`,
 * then a redirect to /success).
 */
export async function deletionAction(request: Request, context: WebContext) {
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
      const codeError = typed.some((b) => otpBoxError(b)) ? otpBoxError("") : otpCodeError(joined);
      if (codeError) return answer({ step: "code", email, codeError, codeBoxes: typed }, 400);
      await context.api.call(accountDeletionEndpoints.confirm, { body: { email, otpCode: joined } });
      return redirect("/success");
    }
    return answer({ step: "confirm", email });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const status = error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 502;
    return answer({ step: intent === "confirm" ? "code" : "email", email, message: error.message }, status);
  }
}
