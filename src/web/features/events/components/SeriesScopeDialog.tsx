import { useRef } from 'react';
import type { PracticeScope } from '../../../../shared/practice-series.ts';
import { Modal } from '../../../components/Modal.tsx';

interface SeriesScopeDialogProps {
  open: boolean;
  /** 'Save Changes', 'Delete Practice'. */
  title: string;
  message: string;
  /** The way back, which changes nothing: 'Back', 'Keep Practice'. */
  cancelLabel: string;
  /** Styles both answers as destructive (a deletion). */
  danger?: boolean;
  onChoose: (scope: PracticeScope) => void;
  onCancel: () => void;
}

/**
 * The question an edit or deletion of a practice of a weekly series asks (docs/product/events.md
 * 'Practice series'): 'This practice' or 'This and following'. Focus starts on the way back.
 */
export function SeriesScopeDialog({
  open,
  title,
  message,
  cancelLabel,
  danger = false,
  onChoose,
  onCancel,
}: SeriesScopeDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const answer = `button ${danger ? 'button--danger' : 'button--primary'}`;
  return (
    <Modal
      open={open}
      title={title}
      size="sm"
      onClose={onCancel}
      initialFocusRef={cancelRef}
      footer={
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      }
    >
      <p>{message}</p>
      {/* One answer a row, the width of the dialog: two long labels side by side do not fit a phone. */}
      <div className="series-scope" role="group" aria-label="Which practices">
        <button type="button" className={answer} onClick={() => onChoose('this')}>
          This practice
        </button>
        <button type="button" className={answer} onClick={() => onChoose('following')}>
          This and following
        </button>
      </div>
    </Modal>
  );
}
