import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { forgotPasswordBody } from '../../../../shared/api/auth.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../../lib/form-errors.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /forgot-password: asks for a reset link by email. */
export function ForgotPasswordPage() {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const mutation = useForgotPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(forgotPasswordBody, { email });
    flushSync(() => setErrors(found));
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    mutation.mutate(email.trim());
  };

  return (
    <AuthLayout
      title="Forgot Password"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {mutation.isSuccess && <Alert tone="success">{mutation.data}</Alert>}
      {mutation.isError && <Alert tone="error">{errorMessage(mutation.error, 'An error occurred')}</Alert>}
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <TextField label="Email" kind="email" value={email} onValueChange={setEmail} error={errors.email} />
        <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
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
