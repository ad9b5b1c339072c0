import metadata from "libphonenumber-js/min/metadata";
import type { Labels } from "react-phone-number-input";
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
 * The contact form's phone input (product §3, §9): international format, country select
 * defaulting to the UAE (react-phone-number-input on libphonenumber-js's small metadata),
 * its flag an SVG image from this site (`PhoneFlag`).
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
  return (
    <>
      <input type="hidden" name={name} value={submittedPhone(value)} />
      <PhoneInput
        id={id}
        metadata={metadata}
        labels={labels}
        locales={language}
        international
        defaultCountry="AE"
        countryCallingCodeEditable={false}
        value={value || undefined}
        onChange={(v) => onChange(v ?? "")}
        onBlur={onBlur}
        autoComplete="tel"
        dir="ltr"
        flagComponent={PhoneFlag}
        // The list of country names reads in the page's direction.
        countrySelectProps={{ "aria-label": countryLabel, dir: directionOf(language) }}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required="true"
        containerComponentProps={{ dir: "ltr" }}
        className={
          "phone-field flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 " +
          "focus-within:ring-2 focus-within:ring-brand"
        }
        numberInputProps={{ className: "min-w-0 flex-1 bg-transparent outline-none" }}
      />
    </>
  );
}
