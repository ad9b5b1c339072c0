import { useLingui } from "@lingui/react/macro";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { StoreButtons } from "./store-buttons.tsx";
import { Modal } from "./ui/modal.tsx";

const AppModalContext = createContext<() => void>(() => undefined);

/**
 * The app modal's element id. Cards also carry `commandfor={APP_MODAL_ID}
 * command="show-modal"`, so a card opens the modal before hydration and without JavaScript.
 */
export const APP_MODAL_ID = "app-modal";

/**
 * Provides the one 'All of our services available on the app' modal (product §1) that
 * every event and flight card opens; `useOpenAppModal()` returns the opener.
 */
export function AppModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const openModal = useCallback(() => setOpen(true), []);
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
      </Modal>
    </AppModalContext.Provider>
  );
}

/** Opens the shared app modal (product §1: event and flight cards). Needs an `AppModalProvider` above. */
export function useOpenAppModal(): () => void {
  return useContext(AppModalContext);
}
