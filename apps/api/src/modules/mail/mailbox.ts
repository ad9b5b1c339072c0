/**
 * The mailbox an address delivers to, for the budgets of mails per address (decision 021):
 * lower-cased, without a `+tag` in its local part (sub-addressing, which most providers
 * deliver to the same inbox), and for Gmail without dots in its local part and with
 * `googlemail.com` read as `gmail.com`. `rider+1@example.com`, `Rider+2@Example.com` and
 * `rider@example.com` are one mailbox, so writing a tag per request no longer buys a new
 * "3 mails a day". Only the key of a budget is made of it, never where a mail goes.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email.toLowerCase();
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
