import {
  useEffect,
  useId,
  useRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: ModalSize;
  children: ReactNode;
  /** Buttons shown at the bottom. */
  footer?: ReactNode;
  /** The element to focus when the dialog opens; by default the browser picks the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Hides the × button (a dialog that must be answered with its own buttons). */
  hideCloseButton?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert, Escape
 * closes it, and focus returns to where it was when the dialog closes.
 */
export function Modal({
  open,
  title,
  onClose,
  size = 'md',
  children,
  footer,
  initialFocusRef,
  hideCloseButton,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

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
    onClose();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
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
            <button type="button" className="icon-button modal__close" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
