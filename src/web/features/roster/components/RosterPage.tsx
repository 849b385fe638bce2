import { useState } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import type { Player } from '../../../../shared/api/roster.ts';
import { compareByJersey } from '../../../../shared/teams.ts';
import type { RosterImportResult } from '../../../../shared/api/roster-import.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { lazyScreen } from '../../../components/LazyScreen.tsx';
import { MessageDialog, type Message } from '../../../components/MessageDialog.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { searchWords } from '../../../lib/search.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useHashParam } from '../../../lib/use-hash-param.ts';
import { useDeletePlayer } from '../api/delete-player.ts';
import { usePlayers } from '../api/get-players.ts';
import { failedTo, isGone, PLAYER_MESSAGES } from '../lib/messages.ts';
import { playerMatches } from '../lib/player-search.ts';
import { BulkAddModal } from './BulkAddModal.tsx';
import { ContactSheetView } from './ContactSheetView.tsx';
import { ImportResultDialog } from './ImportResultDialog.tsx';
import { InviteCodePanel } from './InviteCodePanel.tsx';
import { ManageParentsModal } from './ManageParentsModal.tsx';
import { ParentAccountsSection } from './ParentAccountsSection.tsx';
import { PlayerCollection } from './PlayerCollection.tsx';
import { PlayerFormModal } from './PlayerFormModal.tsx';
import { ViewToggle, type RosterView } from './ViewToggle.tsx';
import './roster.css';

// The import dialog and its CSV parser arrive only when a coach opens it (docs/decisions/049).
const RosterImportModal = lazyScreen(
  () => import('./RosterImportModal.tsx').then((m) => m.RosterImportModal),
  'overlay',
);

type Dialog =
  | { kind: 'add' }
  | { kind: 'bulk' }
  | { kind: 'import' }
  | { kind: 'imported'; result: RosterImportResult }
  | { kind: 'edit'; player: Player }
  | { kind: 'remove'; player: Player }
  | { kind: 'parents'; playerId: number };

interface RosterPageProps {
  /** 'Team Management' for coaches and admins, 'Team Roster' for everyone else. */
  title: string;
  team: Team | null;
  /** The user's teams are still loading: no team is not yet 'no team selected'. */
  loading?: boolean;
}

/** The #team tab (docs/product/roster-and-parents.md). */
export function RosterPage({ title, team, loading = false }: RosterPageProps) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      {team ? (
        <TeamRoster team={team} />
      ) : loading ? (
        <div className="page-body">
          <p className="card" role="status">
            Loading...
          </p>
        </div>
      ) : (
        <div className="page-body">
          <p className="card">Please select a team to view the roster.</p>
        </div>
      )}
    </>
  );
}

function TeamRoster({ team }: { team: Team }) {
  const [rosterView, setView] = useState<RosterView>('roster');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const playersQuery = usePlayers(team.id);
  const deleteMutation = useDeletePlayer(team.id);
  const canManageRoster = useCan(team, 'manage_roster');
  const seesInviteCode = useCan(team, 'view_invite_code');
  const canImport = useCan(team, 'import_roster');
  const seesContactSheet = useCan(team, 'view_contact_sheet');
  const [view, setHashView] = useHashParam('view');
  // The server gives parents' contact details to whoever manages the roster: the same people manage them.
  const canManageParents = canManageRoster;
  const players = [...(playersQuery.data ?? [])].sort(compareByJersey);
  const activeCount = players.filter((p) => p.status === 'active').length;
  const [search, setSearch] = useState('');
  const words = searchWords(search);
  const found = words.length === 0 ? players : players.filter((p) => playerMatches(p, words));
  const close = () => setDialog(null);

  const confirmRemove = (player: Player) => {
    close();
    deleteMutation.mutate(player.id, {
      onSuccess: () => setMessage({ title: 'Success', text: PLAYER_MESSAGES.removed }),
      onError: (error) =>
        setMessage({
          title: 'Error',
          text: isGone(error) ? PLAYER_MESSAGES.gone : failedTo('remove player', error),
        }),
    });
  };

  const parentsOf = dialog?.kind === 'parents' ? players.find((p) => p.id === dialog.playerId) : undefined;
  // The player of an open Manage Parents left the refreshed list (removed on another device).
  if (dialog?.kind === 'parents' && playersQuery.isSuccess && !parentsOf) {
    setDialog(null);
    setMessage({ title: 'Error', text: PLAYER_MESSAGES.gone });
  }

  if (view === 'contacts' && seesContactSheet) {
    return <ContactSheetView team={team} onBack={() => setHashView('roster')} />;
  }

  return (
    <div className="page-body page-body--wide">
      {seesInviteCode && team.invite_code && <InviteCodePanel code={team.invite_code} />}

      <section className="card roster" aria-labelledby="players-title">
        <div className="section-header">
          <h2 id="players-title" className="card__title">
            Players
          </h2>
          {!playersQuery.isPending && (
            <p className="stat">
              Active Players: <strong data-testid="active-players">{activeCount}</strong>
            </p>
          )}
        </div>
        <div className="roster__toolbar">
          <ViewToggle view={rosterView} onChange={setView} />
          {canManageRoster && !playersQuery.isPending && (
            <div className="roster__buttons">
              <button
                type="button"
                className="button button--primary"
                onClick={() => setDialog({ kind: 'add' })}
              >
                Add Player
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setDialog({ kind: 'bulk' })}
              >
                Bulk Add
              </button>
              {canImport && (
                <button
                  type="button"
                  className="button button--secondary"
                  onPointerEnter={RosterImportModal.preload}
                  onClick={() => setDialog({ kind: 'import' })}
                >
                  Import
                </button>
              )}
              {seesContactSheet && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setHashView('contacts')}
                >
                  Contact Sheet
                </button>
              )}
            </div>
          )}
        </div>
        {playersQuery.isPending ? (
          <p role="status">Loading players...</p>
        ) : players.length === 0 ? (
          <p className="muted">
            No players on the roster yet.{canManageRoster && ' Add them with Add Player or Bulk Add.'}
          </p>
        ) : (
          <>
            <SearchField
              label="Search players"
              placeholder="Name, jersey number or parent"
              value={search}
              onValueChange={setSearch}
              matches={words.length === 0 ? null : found.length}
              noun={['player', 'players']}
            />
            {found.length === 0 ? (
              <p className="muted">No players match "{search.trim()}".</p>
            ) : (
              <PlayerCollection
                players={found}
                view={rosterView}
                canManageRoster={canManageRoster}
                canManageParents={canManageParents}
                removingId={deleteMutation.isPending ? deleteMutation.variables : null}
                onEdit={(player) => setDialog({ kind: 'edit', player })}
                onRemove={(player) => setDialog({ kind: 'remove', player })}
                onManageParents={(player) => setDialog({ kind: 'parents', playerId: player.id })}
              />
            )}
          </>
        )}
      </section>

      {canManageParents && (
        <ParentAccountsSection teamId={team.id} players={players} onMessage={setMessage} />
      )}

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <PlayerFormModal
          teamId={team.id}
          player={dialog.kind === 'edit' ? dialog.player : null}
          players={players}
          onClose={close}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkAddModal
          teamId={team.id}
          players={players}
          onClose={close}
          onAdded={(text) => {
            close();
            setMessage({ title: 'Success', text });
          }}
        />
      )}
      {dialog?.kind === 'import' && (
        <RosterImportModal
          teamId={team.id}
          players={players}
          onClose={close}
          onImported={(result) => setDialog({ kind: 'imported', result })}
        />
      )}
      {dialog?.kind === 'imported' && (
        <ImportResultDialog teamId={team.id} result={dialog.result} onClose={close} />
      )}
      {parentsOf && <ManageParentsModal teamId={team.id} player={parentsOf} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove Player"
        message={
          dialog?.kind === 'remove'
            ? `Are you sure you want to remove ${dialog.player.name} from the roster? This action cannot be undone.`
            : ''
        }
        confirmLabel="Remove"
        danger
        onConfirm={() => dialog?.kind === 'remove' && confirmRemove(dialog.player)}
        onCancel={close}
      />
      <MessageDialog open={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text}
      </MessageDialog>
    </div>
  );
}
