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
 * The app modal's element id. Cards also carry `commandfor={APP_MODAL_ID}
 * command="show-modal"`, so a card opens the modal before hydration and without JavaScript.
 */
export const APP_MODAL_ID = "app-modal";

/**
 * Provides the one 'All of our services available on the app' modal (product §1) that
 * every event and flight card opens; `useOpenAppModal()` returns the opener. A card passes
 * the site path of its show or flight page (`/transport/{id}`, `/flights/{id}`), and the
 * modal then offers a 'Details' link to it (product §2, show and flight pages), in the page's language. A modal
 * opened natively before hydration (the invoker command) has no such link: without
 * JavaScript each card is followed by its own link instead (`DetailsWithoutScript`).
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
        {detailsPath ? (
          <p className="mt-5">
            <Link
              to={detailsPath}
              onClick={() => setOpen(false)}
              className="inline-flex items-center gap-2 font-semibold text-brand underline underline-offset-4"
            >
              {t({ message: "Details", comment: "Link in the app modal to the page of the show or flight clicked" })}
              <span aria-hidden="true" className="rtl:-scale-x-100">
                →
              </span>
            </Link>
          </p>
        ) : null}
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
 * Without JavaScript the shared app modal cannot tell which card opened it, so each card is
 * followed by a plain 'Details' link to its page (`path`: `/transport/{id}` or
 * `/flights/{id}`, made Arabic on Arabic pages), shown only when scripts do not run
 * (`<noscript>`), so a show's or flight's page is reachable without JavaScript (product §2, show and flight pages).
 * `name` tells the links apart for screen readers.
 */
export function DetailsWithoutScript({ path, name }: { path: string; name: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <noscript>
      <a
        href={localizedPath(path, language)}
        className="mt-2 inline-block font-semibold text-brand underline underline-offset-4"
      >
        {t({ message: "Details", comment: "Link after a schedule card, without JavaScript, to the card's page" })}
        <span className="sr-only">: {name}</span>
      </a>
    </noscript>
  );
}
