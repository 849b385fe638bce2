import { useRef, type ReactNode } from 'react';
import { Modal } from './Modal.tsx';

interface MessageDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  buttonLabel?: string;
}

/** A message to acknowledge: a result, a summary or a problem to fix. Focus starts on its one button. */
export function MessageDialog({ open, title, children, onClose, buttonLabel = 'OK' }: MessageDialogProps) {
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      size="sm"
      onClose={onClose}
      initialFocusRef={okRef}
      footer={
        <button ref={okRef} type="button" className="button button--primary" onClick={onClose}>
          {buttonLabel}
        </button>
      }
    >
      {typeof children === 'string' ? <p>{children}</p> : children}
    </Modal>
  );
}

/** What a MessageDialog shows; null while closed. */
export interface Message {
  title: string;
  text: ReactNode;
}
