import { describe, expect, test } from "vitest";
import { askDeleteAccountQuerySchema, confirmDeleteAccountBodySchema } from "./account-deletion.ts";
import {
  divisionOptions,
  emailError,
  formMessages,
  otpBoxError,
  otpCodeError,
  phoneError,
  subjectOptions,
  validateContactForm,
} from "./contact-rules.ts";
import { supportRequestBodySchema } from "./support-requests.ts";

const valid = {
  fullName: "Layla Haddad",
  email: "layla@example.com",
  phone: "+971 50 123 4567",
  subject: "Inquiry",
  division: "Air-Shipping",
  applicableReference: "",
  supportInquiry: "When is the next flight to Liège?",
};

/** Messages per field from the zod schema, as the API would list them. */
function zodMessages(body: unknown): Record<string, string[]> {
  const result = supportRequestBodySchema.safeParse(body);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

describe("product §5 messages, letter for letter", () => {
  test("the messages are the spec's", () => {
    expect(formMessages).toEqual({
      fullNameRequired: "Please Enter Full Name",
      emailInvalid: "Must be a valid Email",
      emailRequired: "Please Enter Email",
      phoneRequired: "Phone number is required",
      phoneInvalid: "Invalid phone number. Please use the international format with a minimum of 9 digits.",
      divisionRequired: "Please select the division",
      subjectRequired: "Please select subject",
      supportInquiryRequired: "Please Enter your Inquiry",
      otpRequired: "Required",
      otpInvalid: "Verification code must be 4 digits",
    });
  });
  test("subject and division options are the spec's values", () => {
    expect(subjectOptions.map((o) => o.value)).toEqual([
      "Service-Request",
      "Inquiry",
      "IT-Support",
      "Issue",
      "Feedback",
      "Other",
    ]);
    expect(divisionOptions.map((o) => o.value)).toEqual([
      "Local-Transport",
      "Air-Shipping",
      "Technology",
      "Management",
    ]);
  });
});

describe("contact form", () => {
  test("an empty form has one message per required field and none for applicableReference", () => {
    const empty = {
      fullName: "",
      email: "",
      phone: "",
      subject: "",
      division: "",
      applicableReference: "",
      supportInquiry: "",
    };
    const expected = {
      fullName: "Please Enter Full Name",
      email: "Please Enter Email",
      phone: "Phone number is required",
      subject: "Please select subject",
      division: "Please select the division",
      supportInquiry: "Please Enter your Inquiry",
    };
    expect(validateContactForm(empty)).toEqual(expected);
    expect(zodMessages(empty)).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, [v]])));
    expect(zodMessages({})).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, [v]])));
  });
  test("a valid form passes on both sides", () => {
    expect(validateContactForm(valid)).toEqual({});
    const parsed = supportRequestBodySchema.parse({ ...valid, sourceIsApp: false, sourceIsWebsite: true });
    expect(parsed.applicableReference).toBeNull();
    expect(parsed.sourceIsWebsite).toBe(true);
  });
  test("blank (spaces only) text counts as missing", () => {
    expect(validateContactForm({ ...valid, fullName: "   ", supportInquiry: " \n " })).toEqual({
      fullName: "Please Enter Full Name",
      supportInquiry: "Please Enter your Inquiry",
    });
  });
  test("an unknown subject or division is refused with the select message", () => {
    expect(validateContactForm({ ...valid, subject: "Spam", division: "Sales" })).toEqual({
      subject: "Please select subject",
      division: "Please select the division",
    });
    expect(zodMessages({ ...valid, subject: "Spam", division: "Sales" })).toEqual({
      subject: ["Please select subject"],
      division: ["Please select the division"],
    });
  });
  test("text limits are the same in the browser rules and the API schema, on both sides of each boundary", () => {
    for (const [field, max] of [
      ["fullName", 200],
      ["applicableReference", 200],
      ["supportInquiry", 20_000],
    ] as const) {
      const atLimit = { ...valid, [field]: "a".repeat(max) };
      const over = { ...valid, [field]: "a".repeat(max + 1) };
      expect(validateContactForm(atLimit), field).toEqual({});
      expect(zodMessages(atLimit), field).toEqual({});
      const message = max === 200 ? "Must be at most 200 characters" : "Must be at most 20,000 characters";
      expect(validateContactForm(over), field).toEqual({ [field]: message });
      expect(zodMessages(over), field).toEqual({ [field]: [message] });
    }
  });
});

describe("e-mail", () => {
  test.each([
    ["", "Please Enter Email"],
    ["   ", "Please Enter Email"],
    ["layla", "Must be a valid Email"],
    ["layla@", "Must be a valid Email"],
    ["layla@example", "Must be a valid Email"],
    ["lay la@example.com", "Must be a valid Email"],
    ["@example.com", "Must be a valid Email"],
    [`${"a".repeat(250)}@example.com`, "Must be a valid Email"],
    ["layla@example.com", undefined],
    ["layla.haddad+test@mail.example.ae", undefined],
  ])("%j → %j", (value, message) => {
    expect(emailError(value)).toBe(message);
    const result = askDeleteAccountQuerySchema.safeParse({ email: value });
    expect(result.success ? undefined : result.error.issues.map((i) => i.message)).toEqual(
      message ? [message] : undefined,
    );
  });
});

describe("phone (plus sign, at least 10 digits, single spaces between digits)", () => {
  const invalid = "Invalid phone number. Please use the international format with a minimum of 9 digits.";
  test.each([
    ["", "Phone number is required"],
    ["  ", "Phone number is required"],
    ["+123456789", invalid], // 9 digits: one short
    ["+1234567890", undefined], // 10 digits: the boundary
    ["+971501234567", undefined],
    ["+971 50 123 4567", undefined],
    ["+1 2 3 4 5 6 7 8 9 0", undefined], // single spaces between every digit
    ["+971  50 123 4567", invalid], // double space
    ["+ 971501234567", invalid], // space after the plus
    ["+971501234567 ", undefined], // trailing space is trimmed away
    ["971501234567", invalid], // no plus
    ["+971-50-123-4567", invalid],
    ["+97150123456a", invalid],
    ["+971 50 12", invalid],
    ["+٩٧١ ٥٠ ١٢٣ ٤٥٦٧", undefined], // typed on an Arabic keyboard
    ["+٩٧١٥٠ ١٢٣٤", invalid], // the same 9 digits, still one short
    ["+971\u00a050\u00a0123\u00a04567", undefined], // pasted from a contact card: no-break spaces
    ["+971\u202f50\u2009123\u20094567", undefined], // narrow no-break and thin spaces
    ["\u200e+971 50 123 4567\u200f", undefined], // copied from an Arabic page with its direction marks
    ["\u061c+971 50 123 4567", undefined], // the Arabic letter mark
    ["\ufeff+971\u200b50 123\u2060 4567", undefined], // zero-width characters
    ["+971\u00a0\u00a050 123 4567", invalid], // two spaces, whatever their kind
  ])("%j → %j", (value, message) => {
    expect(phoneError(value)).toBe(message);
    expect(zodMessages({ ...valid, phone: value }).phone).toEqual(message ? [message] : undefined);
  });
});

describe("verification code", () => {
  test("each box is required", () => {
    expect(otpBoxError("")).toBe("Required");
    expect(otpBoxError("7")).toBeUndefined();
  });
  test.each([
    ["", "Required"],
    ["123", "Verification code must be 4 digits"],
    ["12345", "Verification code must be 4 digits"],
    ["12a4", "Verification code must be 4 digits"],
    ["1234", undefined],
    ["0000", undefined],
    ["٤٩٦٣", undefined], // Arabic-Indic digits, as an Arabic keyboard types them
    ["۴۹۶۳", undefined], // Eastern Arabic-Indic
    ["٤٩٦", "Verification code must be 4 digits"],
  ])("%j → %j", (code, message) => {
    expect(otpCodeError(code)).toBe(message);
    const result = confirmDeleteAccountBodySchema.safeParse({ email: "a@example.com", otpCode: code });
    expect(result.success ? undefined : result.error.issues.map((i) => i.message)).toEqual(
      message ? [message] : undefined,
    );
  });
});
