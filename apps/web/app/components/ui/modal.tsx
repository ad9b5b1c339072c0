import { type ReactNode, useEffect, useId, useRef } from "react";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog (its visible heading). */
  title: string;
  /** Label of the × button. */
  closeLabel: string;
  /** Close when the backdrop is clicked. */
  closeOnBackdrop?: boolean;
  /**
   * The dialog's id: buttons with `commandfor={id} command="show-modal"` open it natively,
   * before hydration and without JavaScript (invoker commands).
   */
  id?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` (focus kept inside, Escape closes, focus
 * returns to the opener), fading in over 0.25 s (product §1, §9), with an × button.
 */
export function Modal({ open, onClose, title, closeLabel, closeOnBackdrop = true, id, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Several modals can share a page (the app modal and the contact thank-you dialog).
  const titleId = useId();
  // Close the element itself (it may have been opened natively by an invoker command while
  // `open` was false); its `close` event then calls `onClose`.
  function closeDialog() {
    if (ref.current?.open) ref.current.close();
    else onClose();
  }
  const mounted = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    // At hydration a dialog already open was opened natively (a tap before the scripts
    // ran): it stays open, and its `close` event reports the close as usual.
    if (!open && dialog.open && mounted.current) dialog.close();
    mounted.current = true;
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click; keyboards close with Escape or ×
    <dialog
      id={id}
      ref={ref}
      aria-labelledby={titleId}
      // A backdrop click closes it with the platform too (no script: decision 024).
      closedby={closeOnBackdrop ? "any" : "closerequest"}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        closeDialog();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) closeDialog();
      }}
      className="modal m-auto w-[min(92vw,28rem)] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <div className="relative p-6">
        <button
          type="button"
          onClick={closeDialog}
          {...(id ? { commandfor: id, command: "close" as const } : {})}
          aria-label={closeLabel}
          className={
            "absolute end-3 top-3 grid size-11 place-items-center rounded-full text-2xl leading-none " +
            "hover:bg-slate-100"
          }
        >
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId} className="pe-11 text-xl font-bold">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
