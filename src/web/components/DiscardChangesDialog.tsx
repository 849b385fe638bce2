import { useRef } from 'react';
import { DialogFrame } from './DialogFrame.tsx';

export const DISCARD_MESSAGES = {
  title: 'Discard changes?',
  text: 'You have unsaved changes. Discard them?',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

/** Besides keeping or discarding, saving what was typed (Manage Parents: 'Add parent'). */
export interface SaveAction {
  label: string;
  onSave: () => void;
}

interface DiscardChangesDialogProps {
  onKeepEditing: () => void;
  onDiscard: () => void;
  saveAction?: SaveAction | undefined;
}

/**
 * Asked when a form with unsaved input is being closed (by Modal). Focus starts on the safe answer; every
 * way out of this dialog (Escape, backdrop, ×, Back) keeps editing.
 */
export function DiscardChangesDialog({ onKeepEditing, onDiscard, saveAction }: DiscardChangesDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogFrame
      open
      title={DISCARD_MESSAGES.title}
      size="sm"
      onRequestClose={onKeepEditing}
      onBack={onKeepEditing}
      initialFocusRef={keepRef}
      footer={
        <>
          <button ref={keepRef} type="button" className="button button--secondary" onClick={onKeepEditing}>
            {DISCARD_MESSAGES.keep}
          </button>
          <button type="button" className="button button--danger" onClick={onDiscard}>
            {DISCARD_MESSAGES.discard}
          </button>
          {saveAction && (
            <button type="button" className="button button--primary" onClick={saveAction.onSave}>
              {saveAction.label}
            </button>
          )}
        </>
      }
    >
      <p>{DISCARD_MESSAGES.text}</p>
    </DialogFrame>
  );
}
