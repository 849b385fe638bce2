import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Game } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  EVENT_MESSAGES,
  formatDate,
  formatTime,
  GAME_TYPE_LABELS,
  gameRecord,
  isUpcoming,
} from '../../../../shared/events.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { MessageDialog, type Message } from '../../../components/MessageDialog.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { MonthGroups } from '../../../components/MonthGroups.tsx';
import { groupByMonth, monthOfDate } from '../../../lib/months.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useDeleteGame } from '../api/delete-game.ts';
import { useSaveGame } from '../api/save-game.ts';
import { newestFirst, soonestFirst } from '../lib/lists.ts';
import { EVENT_TITLES, reason } from '../lib/messages.ts';
import { useHighlight } from '../lib/use-highlight.ts';
import { Collapsible } from './Collapsible.tsx';
import { GameOutcome } from './EventTags.tsx';
import { DirectionsLink } from '../../../components/DirectionsLink.tsx';
import { Facts } from './Facts.tsx';
import { GameFormModal } from './GameFormModal.tsx';
import { ScoreModal } from './ScoreModal.tsx';

type Dialog =
  { kind: 'form'; game: Game | null } | { kind: 'score'; game: Game } | { kind: 'delete'; game: Game };

interface GamesSectionProps {
  team: Team;
  query: UseQueryResult<Game[]>;
  today: string;
  /** A game to bring into view (a dashboard link). */
  highlightId: number | null;
}

/** Individual Games: the record, 'Upcoming Games' and 'Past Games' (newest first). */
export function GamesSection({ team, query, today, highlightId }: GamesSectionProps) {
  const canManage = useCan(team, 'manage_events');
  const canScore = useCan(team, 'update_scores') || canManage;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const remove = useDeleteGame(team.id);
  const saveScore = useSaveGame(team.id);
  const close = () => setDialog(null);
  const games = query.data ?? [];
  const upcoming = games.filter((g) => isUpcoming(g.date, today)).sort(soonestFirst);
  const past = games.filter((g) => !isUpcoming(g.date, today)).sort(newestFirst);
  const record = gameRecord(games);
  const highlightPast = past.some((g) => g.id === highlightId);
  const highlightMonth = monthOfDate(games.find((g) => g.id === highlightId)?.date ?? null);
  useHighlight(highlightId ? `game-${highlightId}` : null, query.isSuccess);

  const confirmDelete = (game: Game) => {
    close();
    remove.mutate(game.id, {
      onSuccess: () => showToast('success', EVENT_MESSAGES.gameDeleted),
      onError: (error) =>
        setMessage({ title: EVENT_TITLES.gameDeletionFailed, text: reason(error, 'Failed to delete game') }),
    });
  };

  const list = (items: Game[], label: string, empty: string) =>
    items.length === 0 ? (
      <p className="muted">{empty}</p>
    ) : (
      <MonthGroups
        label={label}
        groups={groupByMonth(items, (g) => monthOfDate(g.date))}
        currentMonth={monthOfDate(today)}
        alsoOpen={highlightMonth ? [highlightMonth] : []}
      >
        {(monthItems, group) => rows(monthItems, `${label}, ${group.label}`)}
      </MonthGroups>
    );

  const rows = (items: Game[], label: string) => (
    <ul className="event-rows" aria-label={label}>
      {items.map((game) => (
        <li
          key={game.id}
          id={`game-${game.id}`}
          tabIndex={-1}
          className={`event-item${game.id === highlightId ? ' event-item--highlight' : ''}`}
        >
          <div className="event-item__head">
            <h4 className="event-item__title">vs {game.opponent}</h4>
            <Tag tone="info">{GAME_TYPE_LABELS[game.type]}</Tag>
            <Tag>{game.is_home ? 'Home' : 'Away'}</Tag>
            <GameOutcome game={game} />
          </div>
          <Facts
            items={[
              ['Date', formatDate(game.date)],
              ['Time', formatTime(game.time)],
              ['Arrive by', game.arrival_time ? formatTime(game.arrival_time) : null],
              ['Location', game.location],
              ['Address', game.address && <DirectionsLink address={game.address} />],
              ['Kit', game.kit],
              ['Notes', game.notes],
            ]}
          />
          <div className="event-actions">
            {canScore && (
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
                  onClick={() => setDialog({ kind: 'form', game })}
                />
                <ActionButton
                  label={remove.isPending && remove.variables === game.id ? 'Deleting...' : 'Delete'}
                  subject={`game vs ${game.opponent}`}
                  tone="danger"
                  disabled={remove.isPending}
                  onClick={() => setDialog({ kind: 'delete', game })}
                />
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );

  return (
    <section aria-labelledby="games-title">
      <div className="section-header">
        <h2 id="games-title" className="section-title">
          Individual Games
        </h2>
        {canManage && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog({ kind: 'form', game: null })}
          >
            Add Game
          </button>
        )}
      </div>
      {query.isPending ? (
        <p role="status">Loading games...</p>
      ) : query.isError && games.length === 0 ? (
        <p role="alert" className="card">
          Could not load the games. They will load again when the connection is back.
        </p>
      ) : (
        <div className="card stack">
          <p className="stat" data-testid="games-record">
            Record (W-L-D): <strong>{record.wins}</strong> Wins · <strong>{record.losses}</strong> Losses ·{' '}
            <strong>{record.draws}</strong> Draws
          </p>
          <Collapsible title="Upcoming Games" count={upcoming.length} defaultOpen>
            {list(upcoming, 'Upcoming games', 'No upcoming games.')}
          </Collapsible>
          <Collapsible
            key={String(highlightPast)}
            title="Past Games"
            count={past.length}
            defaultOpen={highlightPast}
          >
            {list(past, 'Past games', 'No past games.')}
          </Collapsible>
        </div>
      )}
      {dialog?.kind === 'form' && <GameFormModal team={team} game={dialog.game} onClose={close} />}
      {dialog?.kind === 'score' && (
        <ScoreModal
          opponent={dialog.game.opponent}
          game={dialog.game}
          busy={saveScore.isPending}
          error={saveScore.isError ? saveScore.error : null}
          onClose={close}
          onSave={(scores, done) =>
            saveScore.mutate({ gameId: dialog.game.id, body: scores }, { onSuccess: done })
          }
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Game"
        message={
          dialog?.kind === 'delete'
            ? `Are you sure you want to delete the game vs ${dialog.game.opponent}? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.game)}
        onCancel={close}
      />
      <MessageDialog open={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text}
      </MessageDialog>
    </section>
  );
}
