import type { Division, Subject } from "@khayl/contract/contact-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The subject options of the contact form (product §3) by their value: the value is sent as
 * the spec writes it, the label is shown in the page's language. The English labels are the
 * contract's (`subjectOptions`), checked by contact-options.test.ts.
 */
export const subjectLabels = {
  "Service-Request": msg`Service-Request`,
  Inquiry: msg({ message: "Inquiry", context: "contact form subject option" }),
  "IT-Support": msg`IT-Support`,
  Issue: msg`Issue`,
  Feedback: msg`Feedback`,
  Other: msg`Other`,
} as const satisfies Record<Subject, MessageDescriptor>;

/** The division options of the contact form (product §3) by their value (see `subjectLabels`). */
export const divisionLabels = {
  "Local-Transport": msg`Local-Transport`,
  "Air-Shipping": msg`Air-Shipping`,
  Technology: msg`Technology`,
  Management: msg`Management`,
} as const satisfies Record<Division, MessageDescriptor>;
