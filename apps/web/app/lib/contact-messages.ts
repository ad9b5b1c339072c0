import { contactMaxLengths, formMessages, tooLongMessage } from "@khayl/contract/contact-rules";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";

/** The key of a product §5 message in the contract (`formMessages`). */
export type FormMessageKey = keyof typeof formMessages;

/**
 * The product §5 messages of the contract (`formMessages` in contact-rules.ts, used by
 * the browser, the route actions and the API) as Lingui messages, by the contract's key:
 * the page shows them in its own language. The English of each descriptor is the
 * contract's text letter for letter (checked by contact-messages.test.ts); the type says
 * every key has one.
 */
export const formMessageDescriptors = {
  fullNameRequired: msg`Please Enter Full Name`,
  emailInvalid: msg`Must be a valid Email`,
  emailRequired: msg`Please Enter Email`,
  phoneRequired: msg`Phone number is required`,
  phoneInvalid: msg`Invalid phone number. Please use the international format with a minimum of 9 digits.`,
  divisionRequired: msg`Please select the division`,
  subjectRequired: msg`Please select subject`,
  supportInquiryRequired: msg`Please Enter your Inquiry`,
  otpRequired: msg({ message: "Required", comment: "Under the empty boxes of the 4-digit verification code" }),
  otpInvalid: msg`Verification code must be 4 digits`,
} as const satisfies Record<FormMessageKey, MessageDescriptor>;

/**
 * The contract's `tooLongMessage(max)` (a free-text contact field over its limit) as a
 * Lingui message. `max` is written as the contract writes it (`20,000`: Latin digits, the
 * site's choice); the Arabic picks its plural form by `max`.
 */
export function tooLongDescriptor(max: number): MessageDescriptor {
  const limit = max.toLocaleString("en-US");
  return msg({
    message: plural(max, { other: `Must be at most ${limit} characters` }),
    comment: "Under a text field whose text is too long; {limit} is the largest number of characters allowed",
  });
}

/** Every contract message text → its descriptor (the too-long messages at the limits the form uses). */
const byContractText = new Map<string, MessageDescriptor>([
  ...(Object.keys(formMessages) as FormMessageKey[]).map(
    (key) => [formMessages[key], formMessageDescriptors[key]] as [string, MessageDescriptor],
  ),
  ...Object.values(contactMaxLengths).map((max) => [tooLongMessage(max), tooLongDescriptor(max)] as const),
]);

/**
 * A product §5 message from the contract's rules (`validateContactForm`, `emailError`,
 * `otpCodeError`, … — what the browser's check and the route actions answer) in the
 * page's language. A text that is not a contract message is answered as it is.
 */
export function localizeFormMessage(i18n: I18n, message: string): string;
export function localizeFormMessage(i18n: I18n, message: string | undefined): string | undefined;
export function localizeFormMessage(i18n: I18n, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const descriptor = byContractText.get(message);
  return descriptor ? i18n._(descriptor) : message;
}
