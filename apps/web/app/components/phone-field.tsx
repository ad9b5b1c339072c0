import type { Country } from "react-phone-number-input";
import PhoneInput from "react-phone-number-input";
import "react-phone-number-input/style.css";
import { submittedPhone } from "../lib/phone.ts";

/** A country flag as an emoji from its two-letter code (no image loaded from the internet). */
function EmojiFlag({ country }: { country?: Country; countryName?: string }) {
  if (!country) return <span aria-hidden="true">🌐</span>;
  const flag = String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
  return <span aria-hidden="true">{flag}</span>;
}

export interface PhoneFieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  countryLabel: string;
  invalid: boolean;
  describedBy?: string;
}

/**
 * The contact form's phone input (product §3, §9): international format, country select
 * defaulting to the UAE (react-phone-number-input on libphonenumber-js). A hidden
 * input named `name` carries `submittedPhone(value)`; before JavaScript loads the
 * page renders a plain text field instead (see the contact route).
 */
export function PhoneField({ id, name, value, onChange, onBlur, countryLabel, invalid, describedBy }: PhoneFieldProps) {
  return (
    <>
      <input type="hidden" name={name} value={submittedPhone(value)} />
      <PhoneInput
        id={id}
        international
        defaultCountry="AE"
        countryCallingCodeEditable={false}
        value={value || undefined}
        onChange={(v) => onChange(v ?? "")}
        onBlur={onBlur}
        autoComplete="tel"
        flagComponent={EmojiFlag}
        countrySelectProps={{ "aria-label": countryLabel }}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required="true"
        className="phone-field flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 focus-within:ring-2 focus-within:ring-brand"
        numberInputProps={{ className: "min-w-0 flex-1 bg-transparent outline-none" }}
      />
    </>
  );
}
