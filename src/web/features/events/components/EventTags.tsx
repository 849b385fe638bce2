import {
  GAME_RESULT_LABELS,
  GAME_STATUS_LABELS,
  gameResult,
  TOURNAMENT_STATUS_LABELS,
  type GameResult,
  type GameStatus,
  type TournamentStatus,
} from '../../../../shared/events.ts';
import { Tag, type TagTone } from '../../../components/Tag.tsx';

const RESULT_TONES: Record<GameResult, TagTone> = { won: 'success', lost: 'danger', tied: 'neutral' };
const TOURNAMENT_TONES: Record<TournamentStatus, TagTone> = {
  upcoming: 'info',
  active: 'success',
  completed: 'neutral',
};
const GAME_TONES: Record<GameStatus, TagTone> = {
  scheduled: 'info',
  in_progress: 'success',
  completed: 'neutral',
  conditional: 'warning',
  cancelled: 'danger',
};

/** Won, Lost or Tied. */
export function ResultTag({ result }: { result: GameResult }) {
  return <Tag tone={RESULT_TONES[result]}>{GAME_RESULT_LABELS[result]}</Tag>;
}

export function TournamentStatusTag({ status }: { status: TournamentStatus }) {
  return <Tag tone={TOURNAMENT_TONES[status]}>{TOURNAMENT_STATUS_LABELS[status]}</Tag>;
}

export function GameStatusTag({ status }: { status: GameStatus }) {
  return <Tag tone={GAME_TONES[status]}>{GAME_STATUS_LABELS[status]}</Tag>;
}

interface Scored {
  status: GameStatus;
  our_score: number | null;
  opponent_score: number | null;
}

/** '3 - 1' and Won/Lost/Tied for a completed game with both scores; otherwise its status. */
export function GameOutcome({ game }: { game: Scored }) {
  const result = gameResult(game);
  if (!result) return <GameStatusTag status={game.status} />;
  return (
    <span className="game-outcome">
      <span className="game-outcome__score">
        {game.our_score} - {game.opponent_score}
      </span>
      <ResultTag result={result} />
    </span>
  );
}
