import { type FormEvent, useId, useState } from 'react';
import { EVENT_MESSAGES, formatTime } from '../../../../shared/events.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useSaveGame } from '../api/save-game.ts';
import { useSaveTournamentGame } from '../api/save-tournament-game.ts';
import type { TodaysGame } from '../lib/game-day.ts';
import { scoreFailure } from '../lib/messages.ts';
import { asScore } from '../lib/score.ts';
import './game-day.css';

// Game day on the dashboard (docs/product/events.md 'Game day'; docs/decisions/050): today's games with
// their score fields, each saved in place by one tap through the game's own PUT (the Scores rules and
// messages). Loaded on its own the first time a team has a game today, for those who may record scores.
// A score typed and not saved is never lost silently: leaving the page asks first.

export const GAME_DAY_TEXT = {
  title: "Today's games",
  save: 'Save',
  saving: 'Saving...',
} as const;

export function GameDayScores({ teamId, games }: { teamId: number; games: readonly TodaysGame[] }) {
  const titleId = useId();
  return (
    <section className="card game-day" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {GAME_DAY_TEXT.title}
      </h2>
      <ul className="game-day__games" aria-label={GAME_DAY_TEXT.title}>
        {games.map((game) => (
          <GameDayGame key={game.key} teamId={teamId} game={game} />
        ))}
      </ul>
    </section>
  );
}

const typed = (score: number | null) => (score === null ? '' : String(score));

/**
 * One game's two scores and Save. A failed save keeps what was typed and says why beside it; the save
 * hooks send one request at a time (lib/use-write.ts), so a double tap sends once.
 */
function GameDayGame({ teamId, game }: { teamId: number; game: TodaysGame }) {
  const saveGame = useSaveGame(teamId);
  const saveTournamentGame = useSaveTournamentGame(teamId);
  const [savedValues, setSavedValues] = useState(() => ({
    ours: typed(game.our_score),
    theirs: typed(game.opponent_score),
  }));
  const [values, setValues] = useState(savedValues);
  // Typed and not saved: leaving the page asks first (lib/unsaved-changes.ts); back to what is saved, not.
  useUnsavedChanges(values.ours !== savedValues.ours || values.theirs !== savedValues.theirs);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const pending = saveGame.isPending || saveTournamentGame.isPending;
  const ids = { ours: useId(), theirs: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const ours = asScore(values.ours);
    const theirs = asScore(values.theirs);
    setSaved(false);
    if (ours === null || theirs === null) return setProblem(EVENT_MESSAGES.scoresInvalid);
    setProblem(null);
    const body = { our_score: ours, opponent_score: theirs };
    const sent = values;
    const callbacks = {
      onSuccess: () => {
        setSavedValues(sent);
        setSaved(true);
        showToast('success', EVENT_MESSAGES.scoreSaved);
      },
      onError: (error: Error) => setProblem(scoreFailure(error)),
    };
    const { target } = game;
    if (target.kind === 'game') saveGame.mutate({ gameId: target.gameId, body }, callbacks);
    else
      saveTournamentGame.mutate(
        { tournamentId: target.tournamentId, gameId: target.gameId, body },
        callbacks,
      );
  };
  const edit = (field: 'ours' | 'theirs') => (e: { target: { value: string } }) => {
    setSaved(false);
    setValues((v) => ({ ...v, [field]: e.target.value }));
  };

  return (
    <li className="game-day__game">
      <p className="game-day__title">
        <span className="game-day__time">{formatTime(game.time)}</span> <strong>vs {game.opponent}</strong>
        {game.detail && <span className="muted game-day__detail"> · {game.detail}</span>}
      </p>
      <form
        className="game-day__form"
        aria-label={`Score vs ${game.opponent}`}
        onSubmit={onSubmit}
        noValidate
      >
        <div className="game-day__field">
          <label htmlFor={ids.ours}>Our Score</label>
          <input
            id={ids.ours}
            className="input game-day__input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.ours}
            onChange={edit('ours')}
          />
        </div>
        <span className="game-day__dash" aria-hidden="true">
          –
        </span>
        <div className="game-day__field">
          <label htmlFor={ids.theirs}>Opponent Score</label>
          <input
            id={ids.theirs}
            className="input game-day__input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.theirs}
            onChange={edit('theirs')}
          />
        </div>
        <button type="submit" className="button button--primary game-day__save" disabled={pending}>
          {pending ? GAME_DAY_TEXT.saving : GAME_DAY_TEXT.save}
          <span className="visually-hidden"> the score vs {game.opponent}</span>
        </button>
      </form>
      <p className="game-day__result" role={problem ? 'alert' : 'status'}>
        {problem ?? (saved ? EVENT_MESSAGES.scoreSaved : '')}
      </p>
    </li>
  );
}
