import { useLingui } from "@lingui/react/macro";
import { type ComponentType, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { directionOf } from "../../lib/i18n/language.ts";
import { useLanguage } from "../../lib/i18n/lingui.tsx";

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
const mountRequests = new Set<(module: Sonner) => void>();

/** Loads sonner once and asks the mounted `<Toaster />` to render its container. */
function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    void sonner.then((module) => {
      for (const mount of mountRequests) mount(module);
    });
  }
  return sonner;
}

/**
 * Toast notifications (product §9: top-right, auto-close after 5000 ms) that load the
 * toast library on first use, so pages that never show a toast do not ship it
 * (9 KB gzip). sonner replays toasts created before its container subscribes, so the
 * first toast is never lost.
 */
export const notify = {
  /**
   * Loads the toast library and mounts its live region ahead of the first message, called
   * on the first focus of a form whose answer may be a toast: screen readers tend not to
   * read a live region created with its message (sonner renders the toast 8–19 ms after its
   * region), and the form is not sent without being focused first.
   */
  prepare(): void {
    void loadSonner();
  },
  /** Shows `message` as an error toast (product §4, §8: server messages as error toasts). */
  error(message: string): void {
    void loadSonner().then(({ toast }) => toast.error(message));
  },
  /** Shows `message` as a success toast (e.g. 'Link copied' by the share button, product §2). */
  success(message: string): void {
    void loadSonner().then(({ toast }) => toast.success(message));
  },
};

/**
 * The toast container, rendered once in the document shell (inside the page's messages). It
 * renders nothing until `notify` is first called, then mounts sonner's `Toaster` with the
 * product §9 settings, its region and close buttons labelled in the page's language.
 */
export function Toaster() {
  const [Container, setContainer] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    const mount = (module: Sonner) => setContainer(() => module.Toaster);
    mountRequests.add(mount);
    if (sonner) void sonner.then(mount);
    return () => {
      mountRequests.delete(mount);
    };
  }, []);
  const { t } = useLingui();
  // product §9's top-right is the top end of the page: mirrored on Arabic pages.
  const dir = directionOf(useLanguage());
  return Container ? (
    <Container
      position={dir === "rtl" ? "top-left" : "top-right"}
      dir={dir}
      duration={5000}
      closeButton
      containerAriaLabel={t`Notifications`}
      toastOptions={{ closeButtonAriaLabel: t`Close notification` }}
    />
  ) : null;
}
