import { useState } from 'react';
import type { Tournament, TournamentGame } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  compareByDateTime,
  EVENT_MESSAGES,
  formatDate,
  formatDateRange,
  formatTime,
  recordText,
} from '../../../../shared/events.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { MessageDialog, type Message } from '../../../components/MessageDialog.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useDeleteTournament } from '../api/delete-tournament.ts';
import { useDeleteTournamentGame } from '../api/delete-tournament-game.ts';
import { useSaveTournamentGame } from '../api/save-tournament-game.ts';
import { EVENT_TITLES, reason } from '../lib/messages.ts';
import type { TournamentDocumentsSlot } from '../lib/tournament-documents.ts';
import { useHighlight } from '../lib/use-highlight.ts';
import { GameOutcome, TournamentStatusTag } from './EventTags.tsx';
import { Facts, MapLink } from './Facts.tsx';
import { ScoreModal } from './ScoreModal.tsx';
import { TournamentFormModal } from './TournamentFormModal.tsx';
import { TournamentGameFormModal } from './TournamentGameFormModal.tsx';

type Dialog =
  | { kind: 'edit' }
  | { kind: 'delete' }
  | { kind: 'game'; game: TournamentGame | null }
  | { kind: 'score'; game: TournamentGame }
  | { kind: 'delete-game'; game: TournamentGame };

interface TournamentDetailProps {
  team: Team;
  tournament: Tournament;
  today: string;
  highlightGameId: number | null;
  onBack: () => void;
  /** 'Tournament Documents' and 'Upload Tournament Document', from the documents feature. */
  documents?: TournamentDocumentsSlot | undefined;
}

/** One tournament: its facts, links, actions and 'Tournament Games'. */
export function TournamentDetail({
  team,
  tournament,
  highlightGameId,
  onBack,
  documents,
}: TournamentDetailProps) {
  const canCreate = useCan(team, 'create_tournaments');
  const canUpload = useCan(team, 'upload_files');
  const [uploading, setUploading] = useState(false);
  const canManage = useCan(team, 'manage_events');
  const canScore = useCan(team, 'update_scores') || canManage;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const removeTournament = useDeleteTournament(team.id);
  const removeGame = useDeleteTournamentGame(team.id);
  const saveScore = useSaveTournamentGame(team.id);
  const close = () => setDialog(null);
  const games = [...tournament.games].sort(compareByDateTime);
  useHighlight(highlightGameId ? `tournament-game-${highlightGameId}` : null, true);

  const confirmDelete = () => {
    close();
    removeTournament.mutate(tournament.id, {
      onSuccess: (answer) => {
        showToast('success', answer.message);
        onBack();
      },
      onError: (error) =>
        setMessage({
          title: EVENT_TITLES.tournamentDeletionFailed,
          text: reason(error, 'Failed to delete tournament'),
        }),
    });
  };

  const confirmDeleteGame = (game: TournamentGame) => {
    close();
    removeGame.mutate(
      { tournamentId: tournament.id, gameId: game.id },
      {
        onSuccess: () => showToast('success', EVENT_MESSAGES.gameDeleted),
        onError: (error) =>
          setMessage({
            title: EVENT_TITLES.gameDeletionFailed,
            text: reason(error, 'Failed to delete game'),
          }),
      },
    );
  };

  return (
    <article className="stack" aria-labelledby="tournament-title">
      <div>
        <button type="button" className="link-button" onClick={onBack}>
          ← Back to all tournaments
        </button>
      </div>
      <section className="card stack">
        <div className="event-card__head">
          <h2 id="tournament-title" className="event-card__name event-card__name--large">
            {tournament.name}
          </h2>
          <TournamentStatusTag status={tournament.status} />
        </div>
        <Facts
          items={[
            ['Dates', formatDateRange(tournament.start_date, tournament.end_date)],
            ['Record (W-L-D)', recordText(tournament.record)],
            ['Location', tournament.location],
            ['Address', tournament.address],
            ['Notes', tournament.notes],
          ]}
        />
        <div className="event-actions">
          {tournament.address && <MapLink address={tournament.address} label="View on Map" />}
          {tournament.url && (
            <a
              className="button button--secondary button--small"
              href={tournament.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              Visit Website<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {canManage && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setDialog({ kind: 'game', game: null })}
            >
              Add Game
            </button>
          )}
          {canUpload && documents && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setUploading(true)}
            >
              Upload File
            </button>
          )}
          {canCreate && (
            <>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setDialog({ kind: 'edit' })}
              >
                Edit Tournament
              </button>
              <button
                type="button"
                className="button button--danger-outline button--small"
                disabled={removeTournament.isPending}
                onClick={() => setDialog({ kind: 'delete' })}
              >
                {removeTournament.isPending ? 'Deleting...' : 'Delete Tournament'}
              </button>
            </>
          )}
        </div>
      </section>

      <section className="card" aria-labelledby="tournament-games-title">
        <h3 id="tournament-games-title" className="card__title">
          Tournament Games
        </h3>
        {games.length === 0 ? (
          <p className="muted">No games yet.{canManage && ' Add them with Add Game.'}</p>
        ) : (
          <ul className="event-rows" aria-label="Tournament games">
            {games.map((game) => (
              <li
                key={game.id}
                id={`tournament-game-${game.id}`}
                tabIndex={-1}
                className={`event-item${game.id === highlightGameId ? ' event-item--highlight' : ''}`}
              >
                <div className="event-item__head">
                  <h4 className="event-item__title">vs {game.opponent}</h4>
                  <GameOutcome game={game} />
                </div>
                <Facts
                  items={[
                    ['Round', game.round_name],
                    ['Date', formatDate(game.date)],
                    ['Time', formatTime(game.time)],
                    ['Arrive by', game.arrival_time ? formatTime(game.arrival_time) : null],
                    ['Field', game.field],
                    ['Kit', game.kit],
                    ['Condition', game.condition],
                    ['Notes', game.notes],
                  ]}
                />
                {(canScore || canManage) && (
                  <div className="event-actions">
                    {canScore && game.status !== 'conditional' && (
                      <ActionButton
                        label={game.status === 'completed' ? 'Edit Score' : 'Add Score'}
                        subject={`vs ${game.opponent}`}
                        tone="primary"
                        onClick={() => {
                          // A failure of an earlier score is not this game's.
                          saveScore.reset();
                          setDialog({ kind: 'score', game });
                        }}
                      />
                    )}
                    {canManage && (
                      <>
                        <ActionButton
                          label="Edit"
                          subject={`game vs ${game.opponent}`}
                          onClick={() => setDialog({ kind: 'game', game })}
                        />
                        <ActionButton
                          label={
                            removeGame.isPending && removeGame.variables?.gameId === game.id
                              ? 'Deleting...'
                              : 'Delete'
                          }
                          subject={`game vs ${game.opponent}`}
                          tone="danger"
                          disabled={removeGame.isPending}
                          onClick={() => setDialog({ kind: 'delete-game', game })}
                        />
                      </>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {documents?.({
        teamId: team.id,
        tournamentId: tournament.id,
        canUpload,
        uploading,
        onUploadingChange: setUploading,
      })}

      {dialog?.kind === 'edit' && <TournamentFormModal team={team} tournament={tournament} onClose={close} />}
      {dialog?.kind === 'game' && (
        <TournamentGameFormModal team={team} tournament={tournament} game={dialog.game} onClose={close} />
      )}
      {dialog?.kind === 'score' && (
        <ScoreModal
          opponent={dialog.game.opponent}
          game={dialog.game}
          busy={saveScore.isPending}
          error={saveScore.isError ? saveScore.error : null}
          onClose={close}
          onSave={(scores, done) =>
            saveScore.mutate(
              { tournamentId: tournament.id, gameId: dialog.game.id, body: scores },
              { onSuccess: done },
            )
          }
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Tournament"
        message={`Are you sure you want to delete "${tournament.name}" and all its games? This action cannot be undone.`}
        confirmLabel="Delete"
        danger
        onConfirm={confirmDelete}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-game'}
        title="Delete Game"
        message={
          dialog?.kind === 'delete-game'
            ? `Are you sure you want to delete the game vs ${dialog.game.opponent}? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete-game' && confirmDeleteGame(dialog.game)}
        onCancel={close}
      />
      <MessageDialog open={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text}
      </MessageDialog>
    </article>
  );
}
