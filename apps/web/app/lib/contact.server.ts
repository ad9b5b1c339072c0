import {
  type ContactFormErrors,
  type ContactFormValues,
  contactFields,
  type Division,
  type Subject,
  validateContactForm,
} from "@khayl/contract/contact-rules";
import { supportRequestEndpoints } from "@khayl/contract/support-requests";
import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { apiErrorHeaders, isApiError, outcomeUnknown, serverMessageOf } from "./api-error.ts";
import type { WebContext } from "./context.ts";
import { readForm } from "./form.server.ts";
import { i18nFor } from "./i18n/catalogue.server.ts";
import { submittedPhone } from "./phone.ts";

/**
 * The answer of a contact submit. `errors` are the contract's product §5 messages (English:
 * the page shows them in its language); `message` is the API's refusal, shown as it comes,
 * or the page's own failure text in its language; `unreachable` says the browser could not
 * reach the page's server at all.
 */
export type ContactActionResult =
  | { ok: true; reference: string }
  | {
      ok: false;
      values: ContactFormValues;
      errors: ContactFormErrors;
      message: string | null;
      unreachable?: boolean;
    };

/**
 * The /contact-us action (product §4 Contact form): validates with the contract's product §5
 * rules (same as the browser), then calls `POST /supportRequests/` with
 * `sourceIsApp: false` and `sourceIsWebsite: true`. Answers the reference, or the
 * entered values with field errors (400) or the server's message (its status); when the
 * API gave no answer in time (`outcomeUnknown`, 504) the request may have been stored, so
 * the message says it could not be confirmed rather than that it failed (product §8).
 */
export async function submitContact(request: Request, context: WebContext) {
  const form = await readForm(request);
  const raw = Object.fromEntries(contactFields.map((f) => [f, String(form.get(f) ?? "")])) as ContactFormValues;
  const values = { ...raw, phone: submittedPhone(raw.phone) };
  const errors = validateContactForm(values);
  if (Object.keys(errors).length > 0) {
    return data<ContactActionResult>({ ok: false, values, errors, message: null }, { status: 400 });
  }
  const honeypot = String(form.get("website") ?? "");
  try {
    const result = await context.api.call(supportRequestEndpoints.create, {
      body: {
        ...values,
        // validateContactForm accepted them, so they are option values.
        subject: values.subject as Subject,
        division: values.division as Division,
        // As typed, "" when left empty (product §3: optional free text); the API takes "" as none.
        applicableReference: values.applicableReference,
        sourceIsApp: false,
        sourceIsWebsite: true,
        ...(honeypot ? { website: honeypot } : {}),
      },
    });
    return data<ContactActionResult>({ ok: true, reference: result.reference });
  } catch (error) {
    if (!isApiError(error)) throw error;
    context.log.warn({ status: error.statusCode, message: error.message }, "contact form submit failed");
    const unknown = outcomeUnknown(error);
    const status = unknown ? 504 : error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 502;
    // No answer from the API (`API_URL` down) or its own failure: the page's own words, not
    // the client's 'Network Error' or the provider's account of a 5xx.
    const message = unknown
      ? (await i18nFor(request, "contact"))._(
          msg`We could not confirm that your message was sent. If you do not receive a confirmation e-mail within a few minutes, please try again.`,
        )
      : (serverMessageOf(error) ??
        (await i18nFor(request, "contact"))._(msg`Your message could not be sent. Please try again.`));
    return data<ContactActionResult>(
      { ok: false, values, errors: {}, message },
      { status, headers: apiErrorHeaders(error) },
    );
  }
}
