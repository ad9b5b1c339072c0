import { phoneAsRead } from "@khayl/contract/contact-rules";
import { getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/core";
import metadata from "libphonenumber-js/min/metadata";
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useState } from "react";
import type { Country, Labels } from "react-phone-number-input";
// The core build: the metadata and the labels are given here, so the English labels the
// default build carries are not in the Arabic page's JavaScript (and the other way round).
import PhoneInput from "react-phone-number-input/core";
import "react-phone-number-input/style.css";
import { directionOf, type Language } from "../lib/i18n/language.ts";
import { submittedPhone } from "../lib/phone.ts";
import { PhoneFlag } from "./phone-flag.tsx";

export interface PhoneFieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Accessible name of the country select, in the page's language. */
  countryLabel: string;
  /** Country names and labels in the page's language (`react-phone-number-input/locale/<language>`). */
  labels: Labels;
  /** The page's language: the order of the country names. */
  language: Language;
  invalid: boolean;
  describedBy?: string;
}

/**
 * A whole international number pasted into the field (`+44 20 7946 0958`, `00971…`): its
 * E.164 form (the field then shows its country), or undefined for any other text, which the
 * field takes as typed digits. An invalid one is kept as written, for the form's message.
 */
function pastedInternationalNumber(text: string): string | undefined {
  // Full-width `＋９７１…` (NFKC), Arabic-Indic digits and direction marks read as the `+` and
  // digits they are (`phoneAsRead`).
  const international = phoneAsRead(text.normalize("NFKC")).trim().replace(/^00/, "+");
  if (!international.startsWith("+")) return undefined;
  return parsePhoneNumberFromString(international, metadata)?.number;
}

/**
 * The contact form's phone input (product §3, §9): international format, country select
 * defaulting to the UAE (react-phone-number-input on libphonenumber-js's small metadata),
 * its flag an SVG image from this site (`PhoneFlag`). The country's calling code stays in
 * front of what is typed (Tab into the field, type `50 123 4567`: `+971 50 123 4567`); a `+`
 * typed starts the number over with its own calling code (the whole text is replaced, and
 * the code is editable until the field is left, so `+971 50…` typed after the UAE's `+971` is
 * not `+971 971 50…`, and `+44…` picks the UK); a whole international number pasted replaces
 * it, its country chosen from its calling code (`pastedInternationalNumber`), and so does one
 * that replaces the whole text without a paste (a browser's autofill of `+44 7911 123456` or
 * `00971…`), which the locked calling code would otherwise have emptied.
 * The country names are in the page's language and sorted in it; the flag, the calling
 * code and the number read left to right on Arabic pages too. A hidden input named `name`
 * carries `submittedPhone(value)`; before JavaScript loads the page renders a plain text
 * field instead (see the contact route).
 */
export function PhoneField({
  id,
  name,
  value,
  onChange,
  onBlur,
  countryLabel,
  labels,
  language,
  invalid,
  describedBy,
}: PhoneFieldProps) {
  // Editable from a typed `+` until the field is left (see above).
  const [codeEditable, setCodeEditable] = useState(false);
  const [country, setCountry] = useState<Country | undefined>("AE");
  const callingCode = country ? `+${getCountryCallingCode(country, metadata)}` : "+";
  /**
   * A change of the number's text that replaced its locked calling code with a whole
   * international number (autofill): taken as pasted, before the library, which keeps a locked
   * code by dropping the rest. Once a typed `+` unlocked the code, editing it is the library's.
   */
  const takeWholeNumber = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target;
    if (codeEditable || !(input instanceof HTMLInputElement) || input.type !== "tel") return;
    const text = phoneAsRead(input.value.normalize("NFKC")).replace(/\s/g, "");
    if (!/^(\+|00)/.test(text) || text.startsWith(callingCode)) return;
    const number = pastedInternationalNumber(text);
    if (number === undefined) return;
    event.stopPropagation();
    onChange(number);
  };
  return (
    // `contents`: the wrapper only listens; the field lays out as its container's child.
    <div className="contents" onChangeCapture={takeWholeNumber}>
      <input type="hidden" name={name} value={submittedPhone(value)} />
      <PhoneInput
        id={id}
        metadata={metadata}
        labels={labels}
        locales={language}
        international
        defaultCountry="AE"
        countryCallingCodeEditable={codeEditable}
        value={value || undefined}
        onChange={(v) => onChange(v ?? "")}
        onCountryChange={setCountry}
        onBlur={() => {
          setCodeEditable(false);
          onBlur();
        }}
        autoComplete="tel"
        dir="ltr"
        flagComponent={PhoneFlag}
        // The list of country names reads in the page's direction.
        countrySelectProps={{ "aria-label": countryLabel, dir: directionOf(language) }}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required="true"
        containerComponentProps={{ dir: "ltr" }}
        // Red when its number is invalid, as every other invalid field (`inputClass`): the
        // container draws the border, the number input inside carries `aria-invalid`.
        className={
          "phone-field flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 " +
          "focus-within:ring-2 focus-within:ring-brand has-[[aria-invalid]]:border-red-700"
        }
        numberInputProps={{
          className: "min-w-0 flex-1 bg-transparent outline-none",
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key !== "+") return;
            setCodeEditable(true);
            event.currentTarget.select();
          },
          onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
            const pasted = pastedInternationalNumber(event.clipboardData.getData("text"));
            if (pasted === undefined) return;
            event.preventDefault();
            onChange(pasted);
          },
        }}
      />
    </div>
  );
}
