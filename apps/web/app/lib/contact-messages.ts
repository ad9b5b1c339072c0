import {
  contactMaxLengths,
  formMessageIds,
  formMessages,
  tooLongDescriptor,
  tooLongMessage,
} from "@khayl/contract/contact-rules";
import type { I18n, MessageDescriptor } from "@lingui/core";

/** The key of a product §5 message in the contract (`formMessages`). */
export type FormMessageKey = keyof typeof formMessages;

/**
 * The product §5 messages of the contract by its key: its own catalogue messages
 * (`formMessageIds`, ids `form.*`), whose Arabic is in the one shared catalogue
 * packages/contract/src/locales that the API renders too (decision 027); a page with one of
 * these forms loads it as the area `forms`.
 */
export const formMessageDescriptors: Readonly<Record<FormMessageKey, MessageDescriptor>> = formMessageIds;

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
