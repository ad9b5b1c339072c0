/**
 * The phone value a form submits: "" while the field holds only a country calling code
 * (e.g. the UAE's `+971` shown before anything is typed), so an untouched field gets
 * product §5's 'Phone number is required' rather than the format message; and a whole
 * international number pasted or typed after that code ('+971 +971 50 123 4567', the plain
 * field of a page without JavaScript, or before the phone library came) is that number.
 */
export function submittedPhone(value: string): string {
  if (/^\+\d{1,3}\s*$/.test(value.trim())) return "";
  return value.replace(/^\s*\+\d{1,3}\s*\+/, "+");
}
