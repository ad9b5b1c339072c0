import { useLingui } from "@lingui/react/macro";
import { usePublicConfig } from "../lib/config.ts";
import { whatsappUrl } from "../lib/whatsapp.ts";

/**
 * 'Ask on WhatsApp' (product §2, show and flight pages): opens a chat with the company's `WHATSAPP_NUMBER` with `text`
 * prefilled (a trip and its date, or a support request's reference). Renders nothing when
 * the number is configured empty. A plain link: works without JavaScript.
 */
export function WhatsAppLink({ text, className }: { text: string; className?: string }) {
  const { t } = useLingui();
  const href = whatsappUrl(usePublicConfig().whatsappNumber, text);
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <span aria-hidden="true" className="icon-whatsapp size-5" />
      {t`Ask on WhatsApp`}
      <span className="sr-only">{t`(opens WhatsApp)`}</span>
    </a>
  );
}
