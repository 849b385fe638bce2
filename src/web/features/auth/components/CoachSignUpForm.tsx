import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { registerBody } from '../../../../shared/api/auth.ts';
import { Alert } from '../../../components/Alert.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { PasswordChecklist } from '../../../components/PasswordChecklist.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../../lib/form-errors.ts';
import { coachSignUp } from '../lib/sign-in-flows.ts';

interface CoachSignUpFormProps {
  onSignedIn: (token: string) => void;
}

type Field = 'name' | 'email' | 'phone' | 'password';

export function CoachSignUpForm({ onSignedIn }: CoachSignUpFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    phone: '',
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useMutation({
    mutationFn: () =>
      coachSignUp({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        password: values.password,
      }),
    onSuccess: onSignedIn,
  });

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate<Field | 'role'>(registerBody, { ...values, role: 'coach' });
    flushSync(() => setErrors(found));
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    mutation.mutate();
  };

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Coach sign up">
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <FormField label="Full Name" error={errors.name}>
        {(field) => (
          <input
            {...field}
            className="input"
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Email" error={errors.email}>
        {(field) => (
          <input
            {...field}
            className="input"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password}
        extra={<PasswordChecklist password={values.password} />}
      >
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone}>
        {(field) => (
          <input
            {...field}
            className="input"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : 'Create Coach Account'}
      </button>
    </form>
  );
}
