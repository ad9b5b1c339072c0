import {
  type BillingCountry,
  billingCountryError,
  billingCountryValues,
  cardBrand,
  cardNumberError,
  cvcError,
  cvcLength,
  digitsOnly,
  expiryError,
  formatCardNumber,
  formatExpiry,
} from "@khayl/contract/card-rules";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { cardMessageText } from "../../lib/invoice-payment.ts";
import { Field } from "../form/fields.tsx";

/** The card form's values as typed (the number grouped, the expiry 'MM / YY'). */
export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  country: string;
}

export const emptyCard: CardValues = { number: "", expiry: "", cvc: "", country: "" };

/** Field messages of the card form (the contract's card rules, in English; product §5 for the country). */
function cardErrors(values: CardValues, now = new Date()): Partial<Record<keyof CardValues, string>> {
  const errors: Partial<Record<keyof CardValues, string>> = {};
  const number = cardNumberError(values.number);
  if (number) errors.number = number;
  const expiry = expiryError(values.expiry, now);
  if (expiry) errors.expiry = expiry;
  const cvc = cvcError(values.cvc, cardBrand(values.number));
  if (cvc) errors.cvc = cvc;
  const country = billingCountryError(values.country);
  if (country) errors.country = country;
  return errors;
}

/** product §5: Pay is enabled only when card number, expiry and CVC are complete and a country is chosen. */
export function cardComplete(values: CardValues): boolean {
  return Object.keys(cardErrors(values)).length === 0;
}

const inputClass =
  "w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base tabular-nums focus:outline-none " +
  "focus:ring-2 focus:ring-brand disabled:bg-slate-100 aria-[invalid]:border-red-700";
/**
 * Card number, expiry and CVC: digits left to right in Arabic too (`dir="ltr"`), aligned
 * with their labels at the right on an Arabic page.
 */
const digitsClass = `${inputClass} rtl:text-right`;

/**
 * Expiry and CVC side by side: each field's label, input and message share the rows of the
 * pair (a subgrid), so the inputs stay level when one label wraps (the Arabic labels do on a
 * phone). Stripe's fields (stripe-payment.tsx) are laid out the same way.
 */
const pairClass = "grid grid-cols-2 gap-x-4";
const pairFieldClass = "row-span-3 grid grid-rows-subgrid";

/**
 * The billing country select of product §5 (United Arab Emirates = UAE, US, GB, CA, AU, DE,
 * FR, ES). 'Please select a country' shows once it was left empty, or when `forceError`
 * (the card is complete but no country is chosen).
 */
export function CountrySelect({
  value,
  onChange,
  disabled,
  forceError,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  forceError: boolean;
}) {
  const { t, i18n } = useLingui();
  const [touched, setTouched] = useState(false);
  const message = touched || forceError ? billingCountryError(value) : undefined;
  const error = message && cardMessageText(message, i18n);
  const countries: Record<BillingCountry, string> = {
    UAE: t`United Arab Emirates`,
    US: t`United States`,
    GB: t`United Kingdom`,
    CA: t`Canada`,
    AU: t`Australia`,
    DE: t`Germany`,
    FR: t`France`,
    ES: t`Spain`,
  };
  return (
    <Field name="billing-country" label={t`Billing country`} message={error} announce="live">
      <select
        id="billing-country"
        name="billingCountry"
        autoComplete="country"
        value={value}
        disabled={disabled}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "billing-country-error" : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setTouched(true)}
        className={inputClass}
      >
        <option value="">{t`Select a country`}</option>
        {billingCountryValues.map((v) => (
          <option key={v} value={v}>
            {countries[v]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The offline sandbox's card fields (product §4 step 3): card number, expiry and CVC with a
 * numeric keypad, grouped as typed; each shows its message once left, or at once when it is
 * complete but invalid. No card autofill (`autocomplete="off"`, names that are no card
 * field's): the sandbox runs only in test mode, where a browser's saved card would be a real
 * one sent to this server for nothing (architecture §3.8).
 */
export function SandboxCardFields({
  values,
  onChange,
  disabled,
}: {
  values: CardValues;
  onChange: (values: CardValues) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const [touched, setTouched] = useState<Partial<Record<keyof CardValues, boolean>>>({});
  const errors = cardErrors(values);
  const brand = cardBrand(values.number);
  const shown = (field: "number" | "expiry" | "cvc") => {
    const message = errors[field];
    if (!message) return undefined;
    const full =
      field === "number"
        ? digitsOnly(values.number).length >= 16
        : field === "expiry"
          ? digitsOnly(values.expiry).length >= 4
          : values.cvc.length >= cvcLength(brand);
    return touched[field] || full ? cardMessageText(message, i18n) : undefined;
  };
  const described = (field: "number" | "expiry" | "cvc", id: string) =>
    shown(field) ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
  const blur = (field: keyof CardValues) => () => setTouched((prev) => ({ ...prev, [field]: true }));

  return (
    <>
      <Field name="card-number" label={t`Card number`} message={shown("number")} announce="live">
        <input
          id="card-number"
          name="sandbox-number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          dir="ltr"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          aria-required="true"
          disabled={disabled}
          value={values.number}
          onChange={(e) => onChange({ ...values, number: formatCardNumber(e.target.value) })}
          onBlur={blur("number")}
          className={digitsClass}
          {...described("number", "card-number")}
        />
      </Field>
      <div className={pairClass}>
        <Field
          name="card-expiry"
          label={t`Expiry date (MM / YY)`}
          message={shown("expiry")}
          announce="live"
          className={pairFieldClass}
        >
          <input
            id="card-expiry"
            name="sandbox-expiry"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            dir="ltr"
            placeholder={t({
              message: "MM / YY",
              comment: "Placeholder of the card's expiry: month and year, two digits each",
            })}
            maxLength={7}
            aria-required="true"
            disabled={disabled}
            value={values.expiry}
            onChange={(e) =>
              onChange({
                ...values,
                expiry: formatExpiry(e.target.value, e.target.value.length < values.expiry.length),
              })
            }
            onBlur={blur("expiry")}
            className={digitsClass}
            {...described("expiry", "card-expiry")}
          />
        </Field>
        <Field
          name="card-cvc"
          label={t`Security code (CVC)`}
          message={shown("cvc")}
          announce="live"
          className={pairFieldClass}
        >
          <input
            id="card-cvc"
            name="sandbox-code"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            dir="ltr"
            placeholder={brand === "amex" ? "1234" : "123"}
            maxLength={4}
            aria-required="true"
            disabled={disabled}
            value={values.cvc}
            onChange={(e) => onChange({ ...values, cvc: digitsOnly(e.target.value).slice(0, 4) })}
            onBlur={blur("cvc")}
            className={digitsClass}
            {...described("cvc", "card-cvc")}
          />
        </Field>
      </div>
    </>
  );
}
