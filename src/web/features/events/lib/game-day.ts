import type { Game, Tournament } from '../../../../shared/api/events.ts';
import { compareByDateTime, type GameStatus } from '../../../../shared/events.ts';

// Game day (docs/product/events.md 'Game day'; docs/decisions/050): the games of today, in the team's
// time zone, individual and tournament ones, derived from the lists the dashboard reads anyway (no read
// of its own). A cancelled game is not played and a conditional one takes no score: neither is listed.

export interface TodaysGame {
  key: string;
  /** Which save it goes through: the individual game's PUT or the tournament game's. */
  target: { kind: 'game'; gameId: number } | { kind: 'tournament'; tournamentId: number; gameId: number };
  opponent: string;
  time: string | null;
  /** The tournament (and round) of a tournament game, else the place. */
  detail: string | null;
  status: GameStatus;
  our_score: number | null;
  opponent_score: number | null;
}

const scored = (status: GameStatus) => status !== 'cancelled' && status !== 'conditional';

export function todaysGames(
  tournaments: readonly Tournament[],
  games: readonly Game[],
  today: string,
): TodaysGame[] {
  const list: (TodaysGame & { date: string; id: number })[] = [];
  for (const tournament of tournaments) {
    for (const game of tournament.games) {
      if (game.date !== today || !scored(game.status)) continue;
      list.push({
        key: `tournament-game-${game.id}`,
        target: { kind: 'tournament', tournamentId: tournament.id, gameId: game.id },
        opponent: game.opponent,
        time: game.time,
        detail: game.round_name ? `${tournament.name} · ${game.round_name}` : tournament.name,
        status: game.status,
        our_score: game.our_score,
        opponent_score: game.opponent_score,
        date: today,
        id: list.length,
      });
    }
  }
  for (const game of games) {
    if (game.date !== today || !scored(game.status)) continue;
    list.push({
      key: `game-${game.id}`,
      target: { kind: 'game', gameId: game.id },
      opponent: game.opponent,
      time: game.time,
      detail: game.location || null,
      status: game.status,
      our_score: game.our_score,
      opponent_score: game.opponent_score,
      date: today,
      id: list.length,
    });
  }
  return list.sort(compareByDateTime).map(({ date: _date, id: _id, ...game }) => game);
}
