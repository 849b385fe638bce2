import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { closeLayer, openLayer } from '../lib/modal-history.ts';
import { ToastRegion } from './ToastRegion.tsx';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface DialogFrameProps {
  open: boolean;
  title: string;
  size: ModalSize;
  children: ReactNode;
  footer?: ReactNode;
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  hideCloseButton?: boolean | undefined;
  /** Escape, the backdrop or the × button. */
  onRequestClose: () => void;
  /** Back in the browser took this dialog's history entry; `layerId` can put it back. */
  onBack: (layerId: string) => void;
}

/**
 * The native <dialog> under Modal and DiscardChangesDialog: showModal() makes the rest of the page inert,
 * focus returns to where it was when the dialog closes, and while open it owns a browser history entry
 * (lib/modal-history.ts). It asks nothing itself: both dialogs above build on it, so neither needs the
 * other (the Modal <-> DiscardChangesDialog import circle, docs/decisions/038).
 */
export function DialogFrame({
  open,
  title,
  size,
  children,
  footer,
  initialFocusRef,
  hideCloseButton,
  onRequestClose,
  onBack,
}: DialogFrameProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const layerId = useId();
  // Back arrives through a listener registered once per opening; an effect event sees the latest props.
  const back = useEffectEvent(() => onBack(layerId));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      initialFocusRef?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocusRef.current?.focus();
      returnFocusRef.current = null;
    }
  }, [open, initialFocusRef]);

  useEffect(() => {
    if (!open) return;
    openLayer(layerId, () => back());
    return () => closeLayer(layerId);
  }, [open, layerId]);

  // Unmounting while open (the parent stopped rendering it) must still give focus back.
  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
      returnFocusRef.current?.focus();
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // A dialog opened from inside this one handles its own Escape.
    if (event.target !== event.currentTarget) return;
    // Escape: let React state decide, so the dialog and `open` never disagree.
    event.preventDefault();
    onRequestClose();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onRequestClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={onBackdropClick}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {!hideCloseButton && (
            <button
              type="button"
              className="icon-button modal__close"
              aria-label="Close"
              onClick={onRequestClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
      {open && <ToastRegion layer={layerId} />}
    </dialog>
  );
}
