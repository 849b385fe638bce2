import { useState, type FormEvent } from 'react';
import { inviteCodeProblem } from '../../../../shared/teams.ts';
import { Alert } from '../../../components/Alert.tsx';
import { InviteCodeField } from '../../../components/InviteCodeField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useJoinInApp } from '../api/join-in-app.ts';

/** 'Join a team' for a signed-in parent or player: only the code, the account is already there. */
export function JoinByCodeForm() {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const join = useJoinInApp();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = inviteCodeProblem(code);
    setProblem(found);
    if (!found) join.mutate(code.trim());
  };

  return (
    <form className="form join-by-code" onSubmit={onSubmit} noValidate aria-label="Join a team">
      {join.isError && <Alert tone="error">{errorMessage(join.error, 'Failed to join team')}</Alert>}
      <InviteCodeField
        value={code}
        onValueChange={(value) => {
          setCode(value);
          setProblem(undefined);
        }}
        error={problem}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={join.isPending}>
          {join.isPending ? 'Joining...' : 'Join Team'}
        </button>
      </div>
    </form>
  );
}
