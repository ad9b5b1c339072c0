/**
 * WhatsApp click-to-chat (product §2, show and flight pages): `https://wa.me/<digits>?text=<message>`, the address
 * WhatsApp documents for opening a chat with a number and a prefilled message. `number` is
 * the configured `WHATSAPP_NUMBER` in international format (`+971 50 000 0000`), or `null`
 * when the company has none: then there is no link at all.
 */
export function whatsappUrl(number: string | null, text: string): string | null {
  if (!number) return null;
  const digits = number.replace(/\D/g, "");
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
