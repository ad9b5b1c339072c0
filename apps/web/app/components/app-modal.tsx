import { useLingui } from "@lingui/react/macro";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { localizedPath } from "../lib/i18n/language.ts";
import { useLanguage } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { StoreButtons } from "./store-buttons.tsx";
import { Modal } from "./ui/modal.tsx";

/** Opens the app modal; `detailsPath` is the page of the card's show or flight (product §2, show and flight pages). */
type OpenAppModal = (detailsPath?: string) => void;

const AppModalContext = createContext<OpenAppModal>(() => undefined);

/**
 * The app modal's element id. Cards carry `commandfor={APP_MODAL_ID} command="show-modal"`,
 * so a card opens the modal with the platform: on a content page without scripts (decision
 * 024), before hydration and without JavaScript.
 */
export const APP_MODAL_ID = "app-modal";

/**
 * Provides the one 'All of our services available on the app' modal (product §1) that
 * every event and flight card opens; `useOpenAppModal()` returns the opener. A card passes
 * the site path of its show or flight page (`/transport/{id}`, `/flights/{id}`), and the
 * modal then offers a 'Details' link to it (product §2, show and flight pages), in the page's language. A modal
 * opened natively (the invoker command) gets that link from our site script on a content
 * page (decision 024: the card's `data-details` fills in the hidden
 * `a[data-app-modal-details]`); with no script at all it has none, and each card is
 * followed by its own link (`CardDetailsLink`).
 */
export function AppModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [detailsPath, setDetailsPath] = useState<string | null>(null);
  const { t } = useLingui();
  const openModal = useCallback<OpenAppModal>((path) => {
    setDetailsPath(path ?? null);
    setOpen(true);
  }, []);
  const value = useMemo(() => openModal, [openModal]);
  return (
    <AppModalContext.Provider value={value}>
      {children}
      <Modal
        id={APP_MODAL_ID}
        open={open}
        onClose={() => setOpen(false)}
        title={t`All of our services available on the app`}
        closeLabel={t`Close`}
      >
        <p className="text-slate-700">{t`Book transport and flights for your horses in the app.`}</p>
        <StoreButtons className="mt-5" />
        {/* Hidden until a card names its page (on a content page our site script sets the href). */}
        <p className="mt-5" hidden={!detailsPath}>
          <Link
            to={detailsPath ?? "/"}
            onClick={() => setOpen(false)}
            data-app-modal-details=""
            className="inline-flex items-center gap-2 font-semibold text-brand underline underline-offset-4"
          >
            {t({ message: "Details", comment: "Link in the app modal to the page of the show or flight clicked" })}
            <span aria-hidden="true" className="rtl:-scale-x-100">
              →
            </span>
          </Link>
        </p>
      </Modal>
    </AppModalContext.Provider>
  );
}

/**
 * Opens the shared app modal (product §1: event and flight cards), with a 'Details' link
 * when given a page path. Needs an `AppModalProvider` above.
 */
export function useOpenAppModal(): OpenAppModal {
  return useContext(AppModalContext);
}

/**
 * The plain 'Details' link that follows each card when the browser runs no script, to its
 * page (`path`: `/transport/{id}` or `/flights/{id}`, made Arabic on Arabic pages), so a
 * show's or flight's page is reachable from the card without JavaScript (product §2, show
 * and flight pages). Always in the markup and shown by CSS (`@media (scripting: none)`),
 * not a `<noscript>`: a content page runs no framework (decision 024), and where scripts
 * run the modal offers the link instead. `name` tells the links apart for screen readers.
 */
export function CardDetailsLink({ path, name }: { path: string; name: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <a
      href={localizedPath(path, language)}
      className="mt-2 hidden font-semibold text-brand underline underline-offset-4 noscript:inline-block"
    >
      {t({ message: "Details", comment: "Link after a schedule card, without JavaScript, to the card's page" })}
      <span className="sr-only">: {name}</span>
    </a>
  );
}
