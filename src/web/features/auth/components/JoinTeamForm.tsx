import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { registerBody } from '../../../../shared/api/auth.ts';
import { JOIN_ROLES, ROLE_LABELS, type JoinRole } from '../../../../shared/roles.ts';
import { INVITE_CODE_LENGTH, inviteCodeProblem } from '../../../../shared/teams.ts';
import { Alert } from '../../../components/Alert.tsx';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../../lib/form-errors.ts';
import type { InviteParams } from '../lib/invite-params.ts';
import { joinTeamFlow, type SignInOutcome } from '../lib/sign-in-flows.ts';
import { InviteCodeField } from '../../../components/InviteCodeField.tsx';
import { NewAccountFields } from './NewAccountFields.tsx';

interface JoinTeamFormProps {
  invite: InviteParams | null;
  onOutcome: (outcome: SignInOutcome) => void;
}

type Field = 'inviteCode' | 'name' | 'email' | 'phone' | 'password';

export function JoinTeamForm({ invite, onOutcome }: JoinTeamFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    inviteCode: invite?.inviteCode.slice(0, INVITE_CODE_LENGTH) ?? '',
    name: invite?.name ?? '',
    email: invite?.email ?? '',
    phone: invite?.phone ?? '',
    password: '',
  });
  const [role, setRole] = useState<JoinRole>('parent');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const inviteToken = invite?.inviteToken ?? null;

  const mutation = useMutation({
    mutationFn: () =>
      joinTeamFlow({
        inviteCode: values.inviteCode.trim(),
        role,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        password: values.password,
        inviteToken,
      }),
    onSuccess: onOutcome,
  });

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { inviteCode, ...account } = values;
    const found: FieldErrors<Field> = {
      inviteCode: inviteCodeProblem(inviteCode),
      ...validate<Exclude<Field, 'inviteCode'> | 'role'>(registerBody, { ...account, role }),
    };
    flushSync(() => setErrors(found));
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    mutation.mutate();
  };

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Join a team">
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <InviteCodeField
        value={values.inviteCode}
        onValueChange={set('inviteCode')}
        error={errors.inviteCode}
      />
      <fieldset className="field radio-group">
        <legend className="field__label">I am joining as</legend>
        <div className="radio-group__options">
          {JOIN_ROLES.map((option) => (
            <label key={option} className="radio-option">
              <input
                type="radio"
                name="join-role"
                value={option}
                checked={role === option}
                onChange={() => setRole(option)}
              />
              <span>{ROLE_LABELS[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <NewAccountFields
        values={values}
        errors={errors}
        onChange={(field, value) => set(field)(value)}
        passwordLabel={invite?.inviteToken ? 'Choose a password' : 'Password'}
      />
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Joining...' : 'Join Team'}
      </button>
    </form>
  );
}
