import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { AUTH_MESSAGES, profileBody, type User } from '../../../../shared/api/auth.ts';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../../lib/form-errors.ts';
import { useReportDirty } from '../../../lib/use-report-dirty.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Field = 'name' | 'email' | 'phone';

interface ProfileFormProps {
  user: User;
  /** Edited and not saved: closing Account Settings asks first. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Account Settings, 'Profile Information' tab. */
export function ProfileForm({ user, onDirtyChange }: ProfileFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState<Record<Field, string>>(() => ({
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
  }));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useUpdateProfile();
  useReportDirty(
    values.name !== saved.name || values.email !== saved.email || values.phone !== saved.phone,
    onDirtyChange,
  );

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (mutation.isSuccess || mutation.isError) mutation.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(profileBody, values);
    flushSync(() => setErrors(found));
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    mutation.mutate(
      { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() || null },
      { onSuccess: () => setSaved(values) },
    );
  };

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Profile Information">
      {mutation.isSuccess && <Alert tone="success">Profile updated successfully</Alert>}
      {mutation.isError && (
        <Alert tone="error">{errorMessage(mutation.error, 'Failed to update profile')}</Alert>
      )}
      <TextField
        label="Full Name"
        kind="name"
        value={values.name}
        onValueChange={set('name')}
        error={errors.name}
      />
      <TextField
        label="Email Address"
        kind="email"
        value={values.email}
        onValueChange={set('email')}
        error={errors.email}
      />
      {user.pending_email && (
        <Alert tone="info">{AUTH_MESSAGES.emailChangePending(user.pending_email)}</Alert>
      )}
      <TextField
        label="Phone Number"
        kind="tel"
        hint="Optional"
        value={values.phone}
        onValueChange={set('phone')}
        error={errors.phone}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
