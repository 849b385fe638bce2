import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { Alert } from './Alert.tsx';
import { Modal, type ModalSize } from './Modal.tsx';

interface FormModalProps {
  title: string;
  size?: ModalSize;
  onClose: () => void;
  /** Called on submit (the default submission is prevented). */
  onSubmit: () => void;
  submitLabel: string;
  /** The submit button's text while `busy`, e.g. 'Saving...'. */
  busyLabel: string;
  busy: boolean;
  /** Keeps the submit button disabled (e.g. while a required field is blank, where the spec says so). */
  submitDisabled?: boolean;
  danger?: boolean;
  /** A failure to show above the fields. */
  error?: string | null | undefined;
  /** Names the form for screen readers; the dialog title by default. */
  formLabel?: string;
  formRef?: Ref<HTMLFormElement>;
  /** Shown above the form, outside it (e.g. a step indicator). */
  header?: ReactNode;
  /** Replaces the Cancel button (e.g. the wizard's Previous). */
  secondaryAction?: ReactNode;
  /** What was typed differs from what the form started with: closing asks before discarding it. */
  isDirty?: boolean;
  children: ReactNode;
}

/**
 * A dialog holding one form, with Cancel and the submit button in its footer. The submit button is
 * disabled while `busy`; the write hooks (lib/use-write.ts) also refuse a second start in the same frame.
 */
export function FormModal({
  title,
  size = 'md',
  onClose,
  onSubmit,
  submitLabel,
  busyLabel,
  busy,
  submitDisabled = false,
  danger = false,
  error,
  formLabel,
  formRef,
  header,
  secondaryAction,
  isDirty = false,
  children,
}: FormModalProps) {
  const formId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && !submitDisabled) onSubmit();
  };
  return (
    <Modal
      open
      title={title}
      size={size}
      onClose={onClose}
      isDirty={isDirty}
      footer={(requestClose) => (
        <>
          {secondaryAction ?? (
            <button type="button" className="button button--secondary" onClick={requestClose}>
              Cancel
            </button>
          )}
          <button
            type="submit"
            form={formId}
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            disabled={busy || submitDisabled}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      )}
    >
      {header}
      <form
        ref={formRef}
        id={formId}
        className="form"
        noValidate
        onSubmit={submit}
        aria-label={formLabel ?? title}
      >
        {error && <Alert tone="error">{error}</Alert>}
        {children}
      </form>
    </Modal>
  );
}
