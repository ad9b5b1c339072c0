import { expect, test } from "vitest";
import {
  DIGEST_SEPARATOR,
  deletionPausedAlertMail,
  dubaiDays,
  dubaiSpan,
  supportDigestEntry,
  supportDigestMail,
  supportNotificationMail,
} from "./templates.ts";
import {
  accountDeletedMail,
  deletionCodeMail,
  deletionCodesLiveMail,
  deletionLockedMail,
  supportConfirmationMail,
} from "./visitor-mails.ts";

/**
 * Every mail, word for word, in each language it is sent in (decision 027: the texts come
 * from the catalogue; this pins what a recipient reads, so moving them changes nothing).
 */
const company = { en: "Khayl Logistics", ar: "خيل للخدمات اللوجستية" };
const supportEmail = "support@example.com";
const at = new Date("2027-01-14T05:30:00Z"); // 09:30 in Dubai
const request = {
  reference: "SR-2026-000123",
  fullName: "Layla Haddad",
  email: "layla@example.com",
  phone: "+971 50 123 4567",
  subject: "Inquiry",
  division: "Air-Shipping",
  applicableReference: null,
  supportInquiry: "When is the next flight to London?",
  language: "en",
} as const;

test("the support team's mails, in English", () => {
  expect(supportNotificationMail("team@example.com", request)).toMatchSnapshot();
  expect(supportDigestMail("team@example.com", 20)).toMatchSnapshot();
  expect(supportDigestEntry(request, at)).toMatchSnapshot();
  expect(deletionPausedAlertMail("ops@example.com", { wrongCodes: 30, until: at })).toMatchSnapshot();
});

test.each(["en", "ar"] as const)("the visitor's mails in %s", (language) => {
  const options = { company: company[language], supportEmail, language };
  const confirmation = {
    reference: request.reference,
    email: request.email,
    subject: "IT-Support",
    division: "Management",
  } as const;
  expect(supportConfirmationMail(confirmation, options)).toMatchSnapshot();
  expect(deletionCodeMail("layla@example.com", "4821", { ...options, expiresAt: at })).toMatchSnapshot();
  expect(deletionCodesLiveMail("layla@example.com", { ...options, minutes: 10 })).toMatchSnapshot();
  expect(deletionLockedMail("layla@example.com", { ...options, lockedUntil: at })).toMatchSnapshot();
  expect(accountDeletedMail("layla@example.com", options)).toMatchSnapshot();
});

test("what a visitor wrote cannot add lines that read like the team's mail's own", () => {
  const forged = {
    ...request,
    fullName: "Bob\r\nE-mail: ceo@khayl.example\u2028Phone: +971 4 000 0000",
    applicableReference: "INV-1\nDivision: Management",
    supportInquiry: `Hello${DIGEST_SEPARATOR}Reference: SR-2026-999999\nName: Someone else`,
  };
  const notification = supportNotificationMail("team@example.com", forged).text;
  expect(notification).toContain("Name: Bob E-mail: ceo@khayl.example Phone: +971 4 000 0000\n");
  expect(notification).toContain("Applicable reference: INV-1 Division: Management\n");
  expect(notification.match(/^E-mail: /gm)).toEqual(["E-mail: "]);
  const entry = supportDigestEntry(forged, at);
  // One separator (the entry's own) and one reference line; the inquiry's lines are quoted.
  expect(entry.split(DIGEST_SEPARATOR)).toHaveLength(2);
  expect(entry.match(/^Reference: /gm)).toEqual(["Reference: "]);
  expect(entry).toContain(
    "> Hello\n> \n> ----------------------------------------\n> Reference: SR-2026-999999\n> Name: Someone else",
  );
});

test("a visitor's inquiry is quoted in the team's notification as in the digest, line breaks kept, nothing reversed", () => {
  const forged = {
    ...request,
    supportInquiry:
      "Hello\r\nE-mail: attacker@evil.com\u2028Phone: +971 4 000 0000\nMy file is \u202Egnp.exe\u202C, see\vabove",
  };
  for (const text of [supportNotificationMail("team@example.com", forged).text, supportDigestEntry(forged, at)]) {
    // One line of each field, the mail's own; the visitor's lines are quoted under it.
    expect(text.match(/^E-mail: /gm)).toEqual(["E-mail: "]);
    expect(text.match(/^Phone: /gm)).toEqual(["Phone: "]);
    expect(text).toContain(
      "\n\n> Hello\n> E-mail: attacker@evil.com\n> Phone: +971 4 000 0000\n> My file is gnp.exe, see\n> above",
    );
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\v]/);
  }
});

test("a digest quotes an inquiry's first 500 characters without cutting one in half", () => {
  const long = { ...request, supportInquiry: `${"a".repeat(499)}🐎 and the rest of the inquiry` };
  const entry = supportDigestEntry(long, at);
  expect(entry).toContain(`> ${"a".repeat(499)}🐎…`);
  // As the team's mail carries it (UTF-8): no half of a character became U+FFFD.
  expect(Buffer.from(entry, "utf8").toString("utf8")).not.toContain("\uFFFD");
  // 500 characters or fewer are quoted whole, without the ellipsis.
  const exact = { ...request, supportInquiry: `${"a".repeat(499)}🐎` };
  expect(supportDigestEntry(exact, at).endsWith(`> ${"a".repeat(499)}🐎`)).toBe(true);
});

test("an alert's dates in Dubai time, without the zone: a start, one day's hours, or two days", () => {
  const midnight = new Date("2026-12-15T20:00:00Z"); // 16 Dec 2026, 00:00 in Dubai
  const seven = new Date("2026-12-16T03:00:00Z");
  const later = new Date("2026-12-18T14:30:00Z");
  expect(dubaiSpan(midnight, null)).toBe("16 Dec 2026, 00:00");
  expect(dubaiSpan(midnight, midnight)).toBe("16 Dec 2026, 00:00");
  expect(dubaiSpan(midnight, seven)).toBe("16 Dec 2026, 00:00 – 07:00");
  expect(dubaiSpan(midnight, later)).toBe("16 Dec 2026, 00:00 – 18 Dec 2026, 18:30");
  expect(dubaiSpan(midnight, null, "ar")).toBe("16 ديسمبر 2026 في 00:00");
  expect(dubaiSpan(midnight, seven, "ar")).toBe("16 ديسمبر 2026 من 00:00 حتى 07:00");
  expect(dubaiSpan(midnight, later, "ar")).toBe("من 16 ديسمبر 2026 في 00:00 حتى 18 ديسمبر 2026 في 18:30");
});

test("a date-only show's days in Dubai: one day, or the first and last, the last included", () => {
  const tenth = new Date("2027-01-09T20:00:00Z"); // 10 Jan 2027, 00:00 in Dubai
  const twelfth = new Date("2027-01-11T20:00:00Z");
  expect(dubaiDays(tenth, null)).toBe("10 Jan 2027");
  expect(dubaiDays(tenth, tenth)).toBe("10 Jan 2027");
  expect(dubaiDays(tenth, twelfth)).toBe("10 Jan 2027 – 12 Jan 2027");
  expect(dubaiDays(tenth, null, "ar")).toBe("10 يناير 2027");
  expect(dubaiDays(tenth, twelfth, "ar")).toBe("من 10 يناير 2027 حتى 12 يناير 2027");
});
