import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '../../../../shared/api/auth.ts';
import { passwordErrors } from '../../../../shared/password-policy.ts';
import { Alert } from '../../../components/Alert.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { NewPasswordField } from '../../../components/NewPasswordField.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /reset-password?token=...: chooses a new password with the token of an emailed link. */
export function ResetPasswordPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const mutation = useResetPassword();

  const mismatch = confirm !== '' && confirm !== password;
  const canSubmit = passwordErrors(password).length === 0 && password === confirm && !mutation.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) mutation.mutate({ token, new_password: password });
  };

  if (!token) {
    return (
      <AuthLayout title="Reset Password">
        <Alert tone="error">{AUTH_MESSAGES.resetInvalid}</Alert>
        <div className="auth-links">
          <a className="link" href="/forgot-password">
            Request a new link
          </a>
          <a className="link" href="/">
            Back to sign in
          </a>
        </div>
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthLayout title="Reset Password">
        <Alert tone="success">{mutation.data}</Alert>
        <a className="button button--primary button--block" href="/">
          Sign in
        </a>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset Password" intro="Choose a new password for your account.">
      {mutation.isError && (
        <Alert tone="error">
          {errorMessage(mutation.error, 'An error occurred')}{' '}
          <a className="link" href="/forgot-password">
            Request a new link
          </a>
        </Alert>
      )}
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset password">
        <NewPasswordField label="New Password" value={password} onValueChange={setPassword} />
        <FormField label="Confirm New Password" error={mismatch ? 'Passwords do not match' : undefined}>
          {(field) => (
            <PasswordInput
              {...field}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="button button--primary button--block" disabled={!canSubmit}>
          {mutation.isPending ? 'Saving...' : 'Reset Password'}
        </button>
      </form>
      <div className="auth-links">
        <a className="link" href="/">
          Back to sign in
        </a>
      </div>
    </AuthLayout>
  );
}
