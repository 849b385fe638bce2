import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { tokenBody } from '../../../../shared/api/auth.ts';
import { Alert } from '../../../components/Alert.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../../lib/form-errors.ts';
import { signInWithPassword } from '../lib/sign-in-flows.ts';

interface LoginFormProps {
  initialEmail: string;
  onSignedIn: (token: string) => void;
}

export function LoginForm({ initialEmail, onSignedIn }: LoginFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const mutation = useMutation({
    mutationFn: () => signInWithPassword(email, password),
    onSuccess: onSignedIn,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(tokenBody, { username: email, password });
    flushSync(() => setErrors(found));
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    mutation.mutate();
  };

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Login">
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <TextField label="Email" kind="email" value={email} onValueChange={setEmail} error={errors.username} />
      <FormField label="Password" error={errors.password}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
