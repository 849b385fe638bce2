import { useState, type ReactNode, type RefObject } from 'react';
import { restoreEntry } from '../lib/modal-history.ts';
import { useUnsavedDialog } from '../lib/unsaved-changes.ts';
import { DialogFrame, type ModalSize } from './DialogFrame.tsx';
import { DiscardChangesDialog, type SaveAction } from './DiscardChangesDialog.tsx';

export type { ModalSize } from './DialogFrame.tsx';

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
 * A modal dialog (components/DialogFrame.tsx: the native <dialog>, focus, Back closes it) that asks
 * before discarding unsaved input.
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
  const [asking, setAsking] = useState(false);
  useUnsavedDialog(open && isDirty);

  const requestClose = () => {
    if (isDirty) setAsking(true);
    else onClose();
  };
  const onBack = (layerId: string) => {
    if (!isDirty) return onClose();
    restoreEntry(layerId);
    setAsking(true);
  };

  return (
    <>
      <DialogFrame
        open={open}
        title={title}
        size={size}
        footer={typeof footer === 'function' ? footer(requestClose) : footer}
        initialFocusRef={initialFocusRef}
        hideCloseButton={hideCloseButton}
        onRequestClose={requestClose}
        onBack={onBack}
      >
        {children}
      </DialogFrame>
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
