import { useLingui } from "@lingui/react/macro";
import { Link } from "../lib/i18n/link.tsx";
import { Modal } from "./ui/modal.tsx";
import { WhatsAppLink } from "./whatsapp-link.tsx";

/** The WhatsApp button's look on the contact page. */
export const whatsappClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-brand px-5 py-2 font-semibold text-brand " +
  "hover:bg-brand-50";

const homeClass =
  "inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold text-white hover:bg-brand-700";

/**
 * The thanks of a sent contact form (product §4) under its title, the same in the page
 * section and the dialog: the reference, Home and WhatsApp (with the reference in its
 * message; left out while the closing dialog has none).
 */
function ThanksBody({ reference }: { reference: string }) {
  const { t } = useLingui();
  return (
    <>
      <p>{t`We received your inquiry and will get back to you soon.`}</p>
      <p className="mt-3">
        {t`Your reference number`}: {/* A reference is one piece: it never breaks at its hyphens. */}
        <strong data-testid="reference" className="whitespace-nowrap">
          <bdi>{reference}</bdi>
        </strong>
      </p>
      <Link to="/" className={`mt-6 ${homeClass}`}>
        {t`Home`}
      </Link>
      {reference ? (
        <WhatsAppLink
          className={`ms-3 mt-6 ${whatsappClass}`}
          text={t`Hello, I sent a support request with the reference ${reference}.`}
        />
      ) : null}
    </>
  );
}

/**
 * The thanks without JavaScript (product §4): a status section above the form with the
 * reference, Home and WhatsApp (the post answered with a whole page).
 */
export function ContactThanksSection({ reference }: { reference: string }) {
  const { t } = useLingui();
  return (
    <section role="status" aria-labelledby="thanks-title" className="mb-8 rounded-2xl border border-brand p-6">
      <h2 id="thanks-title" className="mb-3 text-xl font-bold">
        {t`Thank you!`}
      </h2>
      <ThanksBody reference={reference} />
    </section>
  );
}

/** The thanks with JavaScript (product §4): a dialog with the reference while `reference` is set. */
export function ContactThanksModal({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal open={reference !== null} onClose={onClose} title={t`Thank you!`} closeLabel={t`Close`}>
      <ThanksBody reference={reference ?? ""} />
    </Modal>
  );
}
