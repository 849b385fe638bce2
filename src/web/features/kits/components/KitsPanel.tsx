import { useState } from 'react';
import type { Kit } from '../../../../shared/api/kits.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { KIT_MESSAGES, KIT_TYPE_LABELS } from '../../../../shared/kits.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useDeleteKit } from '../api/delete-kit.ts';
import { useKits } from '../api/get-kits.ts';
import { KitDrawing } from './KitDrawing.tsx';
import { KitFormModal } from './KitFormModal.tsx';
import './kits.css';

type Dialog = { kind: 'form'; kit: Kit | null } | { kind: 'delete'; kit: Kit };

/** The Team Kits tab: a card per kit, Create Kit, Edit Kit and delete with confirmation. */
export function KitsPanel({ team }: { team: Team }) {
  const kits = useKits(team.id);
  const remove = useDeleteKit(team.id);
  const canManage = useCan(team, 'manage_equipment');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const confirmDelete = (kit: Kit) => {
    close();
    remove.mutate(kit.id, {
      onSuccess: () => showToast('success', `Kit "${kit.name}" deleted`),
      onError: (error) =>
        showToast(
          'error',
          error instanceof ApiError && error.detail
            ? `${KIT_MESSAGES.deleteFailed}: ${error.detail}`
            : KIT_MESSAGES.deleteFailed,
        ),
    });
  };

  return (
    <section aria-labelledby="kits-title">
      <div className="section-header">
        <h2 id="kits-title" className="section-title">
          Team Kits
        </h2>
        {canManage && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog({ kind: 'form', kit: null })}
          >
            Create Kit
          </button>
        )}
      </div>
      {kits.isPending ? (
        <p role="status">Loading kits...</p>
      ) : kits.isError ? (
        <p role="alert">Could not load the kits. They will load again when the connection is back.</p>
      ) : kits.data.length === 0 ? (
        <p className="card muted">
          No kits yet. Create the team's home and away kits so game days say what to wear.
        </p>
      ) : (
        <ul className="kit-grid" aria-label="Kits">
          {kits.data.map((kit) => (
            <li key={kit.id} className="card kit-card">
              <KitDrawing
                jersey={kit.jersey_color}
                shorts={kit.shorts_color}
                socks={kit.socks_color}
                label={`${kit.name} kit`}
              />
              <h3 className="kit-card__name">{kit.name}</h3>
              <Tag tone="info">{KIT_TYPE_LABELS[kit.type]}</Tag>
              {kit.description && <p className="muted">{kit.description}</p>}
              {canManage && (
                <div className="kit-card__actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setDialog({ kind: 'form', kit })}
                    aria-label={`Edit ${kit.name}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--danger-outline button--small"
                    onClick={() => setDialog({ kind: 'delete', kit })}
                    aria-label={`Delete ${kit.name}`}
                    disabled={remove.isPending && remove.variables === kit.id}
                  >
                    {remove.isPending && remove.variables === kit.id ? 'Deleting...' : 'Delete'}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'form' && <KitFormModal teamId={team.id} kit={dialog.kit} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Kit"
        message={
          dialog?.kind === 'delete'
            ? `Are you sure you want to delete "${dialog.kit.name}"? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.kit)}
        onCancel={close}
      />
    </section>
  );
}
