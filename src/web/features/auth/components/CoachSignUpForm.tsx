import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { registerBody } from '../../../../shared/api/auth.ts';
import { Alert } from '../../../components/Alert.tsx';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../../lib/form-errors.ts';
import { coachSignUp } from '../lib/sign-in-flows.ts';
import { NewAccountFields } from './NewAccountFields.tsx';

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
      <NewAccountFields values={values} errors={errors} onChange={(field, value) => set(field)(value)} />
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : 'Create Coach Account'}
      </button>
    </form>
  );
}
