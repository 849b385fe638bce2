import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '../../../../shared/api/auth.ts';
import { passwordErrors } from '../../../../shared/password-policy.ts';
import { Alert } from '../../../components/Alert.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { NewPasswordField } from '../../../components/NewPasswordField.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useReportDirty } from '../../../lib/use-report-dirty.ts';
import { useChangePassword } from '../api/change-password.ts';

const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return NETWORK_MESSAGE;
  return errorMessage(error, 'Failed to change password');
}

interface ChangePasswordFormProps {
  /** Something typed and not saved: closing Account Settings asks first. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Account Settings, 'Change Password' tab. */
export function ChangePasswordForm({ onDirtyChange }: ChangePasswordFormProps = {}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const mutation = useChangePassword();
  useReportDirty(current !== '' || next !== '' || confirm !== '', onDirtyChange);

  const mismatch = confirm !== '' && confirm !== next;
  const canSubmit =
    current !== '' && passwordErrors(next).length === 0 && next === confirm && !mutation.isPending;

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    if (mutation.isSuccess || mutation.isError) mutation.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    mutation.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Change Password">
      {mutation.isSuccess && <Alert tone="success">{mutation.data || AUTH_MESSAGES.passwordChanged}</Alert>}
      {mutation.isError && <Alert tone="error">{failureMessage(mutation.error)}</Alert>}
      <FormField label="Current Password">
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="current-password"
            value={current}
            onChange={(e) => edit(setCurrent)(e.target.value)}
          />
        )}
      </FormField>
      <NewPasswordField label="New Password" value={next} onValueChange={setNext} />
      <FormField label="Confirm New Password" error={mismatch ? 'New passwords do not match' : undefined}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => edit(setConfirm)(e.target.value)}
          />
        )}
      </FormField>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {mutation.isPending ? 'Changing...' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
