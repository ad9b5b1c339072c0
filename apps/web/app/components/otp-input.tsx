import { latinDigits } from "@khayl/contract/digits";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from "react";

/**
 * What a box reads of typed or pasted text: spaces dropped, full-width digits (NFKC) and the
 * digits an Arabic keyboard types as Latin digits, as the code's rule reads them (product §5,
 * `otpCodeError`): a code pasted as `١٢٣٤` fills the four boxes.
 */
const codeCharacters = (text: string) => latinDigits(text.normalize("NFKC")).replace(/\s/g, "");

export interface OtpInputProps {
  /** One character per box. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Accessible name of each box, from its 1-based position. */
  boxLabel: (n: number) => string;
  groupLabelId: string;
  errorId?: string;
  invalid: boolean;
  /** Focus the first box when mounted (e.g. when its dialog opens). */
  autoFocus?: boolean;
}

/**
 * The verification code boxes of product §5: one character each; focus moves forward on
 * input and back on Backspace in an empty box; a box's digit is selected as it takes
 * focus, so typing replaces it; pasting text that holds 4 digits (and no more), or a code
 * inserted whole into a box (a keyboard's suggestion, autofill), fills every box.
 * Boxes are named `otp0`…`otp3`, so the form also submits without JavaScript. The group
 * is left to right in every language (digits 1-2-3-4 from the left; ← and → move as drawn).
 */
export function OtpInput({
  value,
  onChange,
  boxLabel,
  groupLabelId,
  errorId,
  invalid,
  autoFocus = false,
}: OtpInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    if (!autoFocus) return;
    // After the dialog's own initial focus (showModal runs in an effect too).
    const id = requestAnimationFrame(() => refs.current[0]?.focus());
    return () => cancelAnimationFrame(id);
  }, [autoFocus]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(value.length - 1, i))]?.focus();

  function set(i: number, char: string) {
    const next = [...value];
    next[i] = char;
    onChange(next);
  }
  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    // A copy of the mail's sentence ('… is 5231.') or a code written `52-31` holds the code.
    const digits = codeCharacters(event.clipboardData.getData("text")).replace(/\D/g, "");
    if (new RegExp(`^\\d{${value.length}}$`).test(digits)) {
      event.preventDefault();
      onChange(digits.split(""));
      focus(value.length - 1);
    }
  }
  function onKeyDown(i: number, event: KeyboardEvent<HTMLInputElement>) {
    const digit = event.key.length === 1 ? codeCharacters(event.key) : "";
    if (/^\d$/.test(digit) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // A digit typed into a box takes its place and moves on, even the one already there
      // (the same value fires no change, and a full box takes no more).
      event.preventDefault();
      set(i, digit);
      focus(i + 1);
    } else if (event.key === "Backspace" && !value[i] && i > 0) {
      event.preventDefault();
      set(i - 1, "");
      focus(i - 1);
    } else if (event.key === "ArrowLeft" && i > 0) focus(i - 1);
    else if (event.key === "ArrowRight") focus(i + 1);
  }
  return (
    // Left to right on Arabic pages too: box 1 is the code's first digit, on the left.
    <fieldset aria-labelledby={groupLabelId} dir="ltr" className="flex justify-center gap-3">
      {value.map((char, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions; the index is their identity
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          name={`otp${i}`}
          type="text"
          inputMode="numeric"
          autoComplete={i === 0 ? "one-time-code" : "off"}
          enterKeyHint="done"
          aria-label={boxLabel(i + 1)}
          aria-invalid={invalid && !char ? true : invalid || undefined}
          aria-describedby={errorId}
          value={char}
          onPaste={onPaste}
          // What else is typed into a filled box (a phone keyboard's input) replaces it.
          onFocus={(e) => e.currentTarget.select()}
          onKeyDown={(e) => onKeyDown(i, e)}
          // No `maxLength`: a code a phone keyboard or autofill inserts whole (iOS's suggestion from
          // the mail, Gboard's clipboard chip: no paste event) would be cut to its first digit.
          onChange={(e) => {
            const typed = codeCharacters(e.target.value);
            if (typed.length > 1 && new RegExp(`^\\d{${value.length}}$`).test(typed)) {
              onChange(typed.split(""));
              focus(value.length - 1);
              return;
            }
            const c = typed.slice(-1);
            set(i, c);
            if (c) focus(i + 1);
          }}
          className={
            "size-14 rounded-lg border border-slate-300 text-center text-2xl font-semibold " +
            "focus:outline-none focus:ring-2 focus:ring-brand aria-[invalid]:border-red-700"
          }
        />
      ))}
    </fieldset>
  );
}
