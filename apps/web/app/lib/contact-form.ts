import {
  type ContactFormErrors,
  type ContactFormValues,
  contactFields,
  validateContactForm,
} from "@khayl/contract/contact-rules";
import { submittedPhone } from "./phone.ts";

/** The contact form with nothing typed (a fresh form, or a failed post without values). */
export const emptyContactValues = Object.fromEntries(contactFields.map((f) => [f, ""])) as ContactFormValues;

/** The contact form's values as it would post them (the phone as `submittedPhone` writes it). */
export function readContactForm(form: HTMLFormElement): ContactFormValues {
  const fd = new FormData(form);
  const values = Object.fromEntries(contactFields.map((f) => [f, String(fd.get(f) ?? "")])) as ContactFormValues;
  return { ...values, phone: submittedPhone(values.phone) };
}

/** The contract's product §5 messages for what the contact form holds now. */
export const validateContactElement = (form: HTMLFormElement): ContactFormErrors =>
  validateContactForm(readContactForm(form));
