import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { closeLayer, openLayer, restoreEntry } from '../lib/modal-history.ts';
import { DiscardChangesDialog, type SaveAction } from './DiscardChangesDialog.tsx';
import { ToastRegion } from './ToastRegion.tsx';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: ModalSize;
  children: ReactNode;
  /**
   * Buttons shown at the bottom. As a function it gets `requestClose`, for a Cancel or Done button that
   * must ask before discarding unsaved input like the dialog's own ways out.
   */
  footer?: ReactNode | ((requestClose: () => void) => ReactNode);
  /** The element to focus when the dialog opens; by default the browser picks the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Hides the × button (a dialog that must be answered with its own buttons). */
  hideCloseButton?: boolean;
  /** Unsaved input: closing (Escape, backdrop, ×, Back, a footer's requestClose) asks first. */
  isDirty?: boolean;
  /** A third answer to that question, e.g. 'Add parent'. */
  saveAction?: SaveAction;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert, Escape
 * closes it, and focus returns to where it was when the dialog closes. While open it owns a browser
 * history entry, so Back closes it (lib/modal-history.ts).
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
  isDirty = false,
  saveAction,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const layerId = useId();
  const [asking, setAsking] = useState(false);

  const requestClose = () => {
    if (isDirty) setAsking(true);
    else onClose();
  };
  // Back arrives through a listener registered once per opening; an effect event sees the latest props.
  const onBack = useEffectEvent(() => {
    if (!isDirty) return onClose();
    restoreEntry(layerId);
    setAsking(true);
  });

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
    openLayer(layerId, () => onBack());
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
    requestClose();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) requestClose();
  };

  const footerContent = typeof footer === 'function' ? footer(requestClose) : footer;

  return (
    <>
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
                onClick={requestClose}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </header>
          <div className="modal__body">{children}</div>
          {footerContent && <footer className="modal__footer">{footerContent}</footer>}
        </div>
        {open && <ToastRegion layer={layerId} />}
      </dialog>
      {open && asking && (
        <DiscardChangesDialog
          onKeepEditing={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            onClose();
          }}
          saveAction={
            saveAction && {
              label: saveAction.label,
              onSave: () => {
                setAsking(false);
                saveAction.onSave();
              },
            }
          }
        />
      )}
    </>
  );
}
