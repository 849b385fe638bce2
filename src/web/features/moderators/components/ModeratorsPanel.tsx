import { useState } from 'react';
import type { Moderator } from '../../../../shared/api/moderators.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { ROLE_LABELS } from '../../../../shared/roles.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useModerators, usePermissionDefinitions } from '../api/get-moderators.ts';
import { useRevokeModerator } from '../api/revoke-moderator.ts';
import { MODERATOR_RESULTS, moderatorFailure } from './messages.ts';
import { ModeratorFormModal } from './ModeratorFormModal.tsx';
import './moderators.css';

type Dialog = { kind: 'form'; moderator: Moderator | null } | { kind: 'revoke'; moderator: Moderator };

/** The Moderators tab: who helps run the team and with what; add, edit and revoke (coaches and admins). */
export function ModeratorsPanel({ team }: { team: Team }) {
  const moderators = useModerators(team.id);
  const definitions = usePermissionDefinitions();
  const revoke = useRevokeModerator(team.id);
  const timeZone = useTeamTimeZone();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const nameOf = (key: string) =>
    definitions.data?.find((d) => d.permission_key === key)?.permission_name ?? key;

  const confirmRevoke = (moderator: Moderator) => {
    close();
    revoke.mutate(moderator.user_id, {
      onSuccess: () => showToast('success', MODERATOR_RESULTS.revoked),
      onError: (error) => showToast('error', moderatorFailure('revoke', error)),
    });
  };

  return (
    <section aria-labelledby="moderators-title">
      <div className="section-header">
        <h2 id="moderators-title" className="section-title">
          Moderators
        </h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setDialog({ kind: 'form', moderator: null })}
        >
          Add Moderator
        </button>
      </div>
      <p className="muted">
        Moderators are parents or players who help run the team. Each one can do only what you tick.
      </p>
      {moderators.isPending ? (
        <p role="status">Loading moderators...</p>
      ) : moderators.isError ? (
        <p role="alert">Could not load the moderators. They will load again when the connection is back.</p>
      ) : moderators.data.length === 0 ? (
        <p className="card muted">No moderators yet.</p>
      ) : (
        <ul className="moderator-list" aria-label="Current moderators">
          {moderators.data.map((moderator) => (
            <li key={moderator.user_id} className="card moderator-card">
              <div className="moderator-card__head">
                <h3 className="moderator-card__name">{moderator.user_name}</h3>
                <Tag tone={moderator.is_active ? 'success' : 'neutral'}>
                  {moderator.is_active ? 'Active' : 'Inactive'}
                </Tag>
              </div>
              <p className="muted">
                {moderator.user_email} · {ROLE_LABELS[moderator.role]} · Granted{' '}
                {formatDate(moderator.granted_date, timeZone)}
              </p>
              {moderator.permissions.length > 0 && (
                <ul
                  className="moderator-card__permissions"
                  aria-label={`Permissions of ${moderator.user_name}`}
                >
                  {moderator.permissions.map((key) => (
                    <li key={key}>
                      <Tag tone="info">{nameOf(key)}</Tag>
                    </li>
                  ))}
                </ul>
              )}
              {moderator.is_active && (
                <div className="kit-card__actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setDialog({ kind: 'form', moderator })}
                    aria-label={`Edit permissions of ${moderator.user_name}`}
                  >
                    Edit Permissions
                  </button>
                  <button
                    type="button"
                    className="button button--danger-outline button--small"
                    onClick={() => setDialog({ kind: 'revoke', moderator })}
                    aria-label={`Revoke ${moderator.user_name}`}
                    disabled={revoke.isPending && revoke.variables === moderator.user_id}
                  >
                    {revoke.isPending && revoke.variables === moderator.user_id ? 'Revoking...' : 'Revoke'}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'form' && (
        <ModeratorFormModal teamId={team.id} moderator={dialog.moderator} onClose={close} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'revoke'}
        title="Revoke Moderator"
        message={
          dialog?.kind === 'revoke'
            ? `Revoke every moderator permission of ${dialog.moderator.user_name}? They keep their place on the team.`
            : ''
        }
        confirmLabel="Revoke"
        danger
        onConfirm={() => dialog?.kind === 'revoke' && confirmRevoke(dialog.moderator)}
        onCancel={close}
      />
    </section>
  );
}
