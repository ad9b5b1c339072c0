import { useLingui } from "@lingui/react/macro";
import { Link } from "../lib/i18n/link.tsx";
import { Modal } from "./ui/modal.tsx";
import { WhatsAppLink } from "./whatsapp-link.tsx";

/** The WhatsApp button's look on the contact page. */
export const whatsappClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-brand px-5 py-2 font-semibold text-brand " +
  "hover:bg-brand-50";

const homeClass = "inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold text-white";

/** The thanks of a sent contact form (product §4), shared by the page section and the dialog. */
function useThanksTexts(reference: string) {
  const { t } = useLingui();
  return {
    title: t`Thank you!`,
    body: t`We received your inquiry and will get back to you soon.`,
    referenceLabel: t`Your reference number`,
    home: t`Home`,
    whatsapp: t`Hello, I sent a support request with the reference ${reference}.`,
  };
}

/**
 * The thanks without JavaScript (product §4): a status section above the form with the
 * reference, Home and WhatsApp (the post answered with a whole page).
 */
export function ContactThanksSection({ reference }: { reference: string }) {
  const text = useThanksTexts(reference);
  return (
    <section role="status" aria-labelledby="thanks-title" className="mb-8 rounded-2xl border border-brand p-6">
      <h2 id="thanks-title" className="text-xl font-bold">
        {text.title}
      </h2>
      <p className="mt-2">{text.body}</p>
      <p className="mt-2">
        {text.referenceLabel}:{" "}
        <strong className="whitespace-nowrap">
          <bdi>{reference}</bdi>
        </strong>
      </p>
      <Link to="/" className={`mt-4 ${homeClass}`}>
        {text.home}
      </Link>
      <WhatsAppLink className={`ms-3 mt-4 ${whatsappClass}`} text={text.whatsapp} />
    </section>
  );
}

/** The thanks with JavaScript (product §4): a dialog with the reference while `reference` is set. */
export function ContactThanksModal({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const { t } = useLingui();
  const text = useThanksTexts(reference ?? "");
  return (
    <Modal open={reference !== null} onClose={onClose} title={text.title} closeLabel={t`Close`}>
      <p>{text.body}</p>
      <p className="mt-3">
        {text.referenceLabel}: {/* A reference is one piece: it never breaks at its hyphens. */}
        <strong data-testid="reference" className="whitespace-nowrap">
          <bdi>{reference}</bdi>
        </strong>
      </p>
      <Link to="/" className={`mt-6 ${homeClass} hover:bg-brand-700`}>
        {text.home}
      </Link>
      {reference ? <WhatsAppLink className={`ms-3 mt-6 ${whatsappClass}`} text={text.whatsapp} /> : null}
    </Modal>
  );
}
