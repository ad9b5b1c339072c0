/**
 * The phone value a form submits: "" while the field holds only a country calling code
 * (e.g. the UAE's `+971` shown before anything is typed), so an untouched field gets
 * product §5's 'Phone number is required' rather than the format message.
 */
export function submittedPhone(value: string): string {
  return /^\+\d{1,3}\s*$/.test(value.trim()) ? "" : value;
}
