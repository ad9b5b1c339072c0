import { useLingui } from "@lingui/react/macro";
import { type ComponentType, useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from "react";
import type { Labels } from "react-phone-number-input";
import type { Language } from "../lib/i18n/language.ts";
import { useLanguage } from "../lib/i18n/lingui.tsx";
import { inputClass } from "./form/fields.tsx";
import type { FormLayer } from "./form/use-form.ts";
import type { PhoneFieldProps } from "./phone-field.tsx";

/**
 * The phone library's country names and labels in each language (the locale files it
 * ships), each its own chunk: a page downloads only its own language's (~2.5 KB gzip).
 */
const phoneLabels: Record<Language, () => Promise<{ default: Labels }>> = {
  en: () => import("react-phone-number-input/locale/en"),
  ar: () => import("react-phone-number-input/locale/ar"),
};

/** The phone field and its country names in one language, once loaded. */
interface PhoneKit {
  PhoneField: ComponentType<PhoneFieldProps>;
  labels: Labels;
}

/** What each language's phone field loaded (kept for the next visit of the page in this tab). */
const phoneKits: Partial<Record<Language, PhoneKit>> = {};
const phoneKitLoads: Partial<Record<Language, Promise<PhoneKit>>> = {};

/**
 * Loads the phone field with its country names in `language`: the phone library
 * (libphonenumber-js metadata, ~45 KB gzip) and the names, in parallel. Called on the
 * field's first use (focus), not on load (architecture §5, weight floor: a visit that never touches the
 * field never downloads it). A failed load is forgotten, so the next focus tries again.
 */
function loadPhoneKit(language: Language): Promise<PhoneKit> {
  phoneKitLoads[language] ??= Promise.all([import("./phone-field.tsx"), phoneLabels[language]()]).then(
    ([{ PhoneField }, { default: labels }]) => {
      phoneKits[language] = { PhoneField, labels };
      return phoneKits[language];
    },
    (error: unknown) => {
      delete phoneKitLoads[language];
      throw error;
    },
  );
  return phoneKitLoads[language];
}

/**
 * The contact form's phone field (product §3, §5), named `phone` in `form`: a plain text
 * input (which also works without JavaScript, prefilled '+971 ' or `defaultValue`) until
 * its first use (focus), when the phone library (`PhoneField`) loads and takes its place,
 * keeping what the visitor typed and the focus. Once loaded in this tab it shows at once.
 */
export function LazyPhoneField<F extends string>({
  form,
  name,
  defaultValue,
}: {
  form: FormLayer<F>;
  name: F;
  defaultValue: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [phone, setPhone] = useState("");
  // Remounted after a send (the form starts again): the library, if loaded, shows at once.
  const [phoneKit, setPhoneKit] = useState<PhoneKit | null>(() =>
    form.hydrated ? (phoneKits[language] ?? null) : null,
  );
  const plainPhoneRef = useRef<HTMLInputElement | null>(null);
  /** The plain input's text and focus as it left the page (the swap), until the library's field takes them. */
  const handedOver = useRef<{ typed: string; focused: boolean; applied?: true } | null>(null);
  const message = form.shown(name);

  const phoneFocusedEarly = useEffectEvent(() => {
    // Focused before hydration (no handler yet): that is its first use too.
    if (document.activeElement === plainPhoneRef.current) loadPhoneOnUse();
  });
  useEffect(() => {
    // Loaded on an earlier visit of the page in this tab: shown at once.
    const loaded = phoneKits[language];
    if (loaded) setPhoneKit(loaded);
    else phoneFocusedEarly();
  }, [language]);

  /** First use of the plain phone input: load the phone library, then swap it in. */
  function loadPhoneOnUse() {
    if (phoneKit) return;
    loadPhoneKit(language).then(
      setPhoneKit,
      () => undefined, // the plain input keeps working; the next focus tries again
    );
  }

  /**
   * The plain input, until the swap. As it is taken out (in the same commit that puts the
   * library's field in, so no key can fall between the two) its text and focus are handed
   * over: what the visitor typed up to the last key (the server's default '+971 ' alone
   * counts as nothing typed), and the focus, at the end of the number.
   */
  const plainPhone = useCallback((input: HTMLInputElement | null) => {
    plainPhoneRef.current = input;
    if (!input) return;
    return () => {
      plainPhoneRef.current = null;
      const typed = input.value.replace(/[^\d+]/g, "");
      handedOver.current = { typed: typed === "+971" ? "" : typed, focused: document.activeElement === input };
    };
  }, []);
  useLayoutEffect(() => {
    const handed = handedOver.current;
    if (!phoneKit || !handed) return;
    // Before the browser handles another key: the text now, then (after its render, once)
    // the focus.
    if (!handed.applied && phone !== handed.typed) {
      handed.applied = true;
      setPhone(handed.typed);
      return;
    }
    handedOver.current = null;
    if (!handed.focused) return;
    const input = form.ref.current?.querySelector<HTMLInputElement>(`#${name}`);
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [phoneKit, phone, form.ref, name]);

  return phoneKit ? (
    <phoneKit.PhoneField
      id={name}
      labels={phoneKit.labels}
      language={language}
      name={name}
      value={phone}
      onChange={(v) => {
        setPhone(v);
        // The hidden input carries the number after this render: validate after it.
        if (form.touched(name)) setTimeout(() => form.revalidate(), 0);
      }}
      onBlur={() => form.touch(name)}
      countryLabel={t`Phone country`}
      invalid={Boolean(message)}
      describedBy={form.fieldProps(name)["aria-describedby"]}
    />
  ) : (
    <input
      {...form.fieldProps(name)}
      ref={plainPhone}
      type="tel"
      dir="ltr"
      autoComplete="tel"
      aria-required="true"
      defaultValue={defaultValue || "+971 "}
      onFocus={(event) => {
        // Like the phone library's field, whose calling code cannot be typed over:
        // the caret goes after '+971 ' instead of selecting it.
        const input = event.currentTarget;
        input.setSelectionRange(input.value.length, input.value.length);
        loadPhoneOnUse();
      }}
      className={inputClass}
    />
  );
}
