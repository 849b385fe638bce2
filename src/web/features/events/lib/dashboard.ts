import type { Game, Practice, Tournament } from '../../../../shared/api/events.ts';
import {
  addDays,
  compareByDateTime,
  DASHBOARD_LIMITS,
  gameResult,
  GAME_TYPE_LABELS,
  type GameResult,
  type GameStatus,
} from '../../../../shared/events.ts';
import { eventsHash } from './location.ts';

// What the dashboard shows of the schedule (docs/product/shell-and-navigation.md 'Dashboard'): events
// from today to 7 days ahead, by date then time (no time last), at most 5; results of completed games
// with both scores from the last 7 days, newest first, at most 10.

export interface UpcomingEvent {
  key: string;
  /** Tournament, Practice, or the game's type (Friendly, League, Other). */
  kind: string;
  title: string;
  /** The tournament of a tournament game, else the place. */
  detail: string | null;
  date: string;
  time: string | null;
  status: GameStatus | null;
  /** A tournament's last day, for its games and days (when their RSVPs close at the latest); else null. */
  tournamentEndDate: string | null;
  /** Where View Details goes. */
  href: string;
}

export interface RecentResult {
  key: string;
  opponent: string;
  /** The tournament, or the kind of game. */
  detail: string;
  date: string;
  time: string | null;
  ourScore: number;
  opponentScore: number;
  result: GameResult;
  href: string;
}

interface Dated {
  date: string | null;
  time: string | null;
  id: number;
}

function byDateTime<T extends { date: string | null; time: string | null }>(items: T[]): T[] {
  const indexed = items.map((item, id): T & Dated => ({ ...item, id }));
  return indexed.sort(compareByDateTime);
}

export function upcomingEvents(
  tournaments: readonly Tournament[],
  games: readonly Game[],
  practices: readonly Practice[],
  today: string,
): UpcomingEvent[] {
  const last = addDays(today, DASHBOARD_LIMITS.upcomingDays);
  const within = (date: string | null): date is string => date !== null && date >= today && date <= last;
  const events: UpcomingEvent[] = [];
  for (const tournament of tournaments) {
    const dated = tournament.games.filter((game) => within(game.date));
    for (const game of dated) {
      events.push({
        key: `tournament-game-${game.id}`,
        kind: 'Tournament',
        title: `vs ${game.opponent}`,
        detail: tournament.name,
        date: game.date ?? today,
        time: game.time,
        status: game.status,
        tournamentEndDate: tournament.end_date,
        href: eventsHash({ tournamentId: tournament.id, gameId: game.id }),
      });
    }
    // A tournament in the window whose games are not scheduled yet still shows, on its first day there.
    const firstDay = tournament.start_date < today ? today : tournament.start_date;
    if (
      tournament.games.every((game) => game.date === null) &&
      within(firstDay) &&
      tournament.end_date >= today
    ) {
      events.push({
        key: `tournament-${tournament.id}`,
        kind: 'Tournament',
        title: tournament.name,
        detail: tournament.location,
        date: firstDay,
        time: null,
        status: null,
        tournamentEndDate: tournament.end_date,
        href: eventsHash({ tournamentId: tournament.id }),
      });
    }
  }
  for (const game of games) {
    if (!within(game.date)) continue;
    events.push({
      key: `game-${game.id}`,
      kind: GAME_TYPE_LABELS[game.type],
      title: `vs ${game.opponent}`,
      detail: game.location,
      date: game.date,
      time: game.time,
      status: game.status,
      tournamentEndDate: null,
      href: eventsHash({ section: 'games', gameId: game.id }),
    });
  }
  for (const practice of practices) {
    if (!within(practice.date)) continue;
    events.push({
      key: `practice-${practice.id}`,
      kind: 'Practice',
      title: practice.title,
      detail: practice.location,
      date: practice.date,
      time: practice.time,
      status: practice.status === 'cancelled' ? 'cancelled' : null,
      tournamentEndDate: null,
      href: eventsHash({ section: 'practices', practiceId: practice.id }),
    });
  }
  return byDateTime(events).slice(0, DASHBOARD_LIMITS.upcomingMax);
}

export function recentResults(
  tournaments: readonly Tournament[],
  games: readonly Game[],
  today: string,
): RecentResult[] {
  const first = addDays(today, -DASHBOARD_LIMITS.resultsDays);
  const results: RecentResult[] = [];
  const add = (
    game: { id: number; opponent: string; date: string | null; time: string | null } & Parameters<
      typeof gameResult
    >[0],
    key: string,
    detail: string,
    href: string,
  ) => {
    const result = gameResult(game);
    if (!result || game.date === null || game.date < first || game.date > today) return;
    if (game.our_score === null || game.opponent_score === null) return;
    results.push({
      key,
      opponent: game.opponent,
      detail,
      date: game.date,
      time: game.time,
      ourScore: game.our_score,
      opponentScore: game.opponent_score,
      result,
      href,
    });
  };
  for (const tournament of tournaments) {
    for (const game of tournament.games) {
      add(
        game,
        `tournament-game-${game.id}`,
        tournament.name,
        eventsHash({ tournamentId: tournament.id, gameId: game.id }),
      );
    }
  }
  for (const game of games) {
    add(
      game,
      `game-${game.id}`,
      GAME_TYPE_LABELS[game.type],
      eventsHash({ section: 'games', gameId: game.id }),
    );
  }
  return byDateTime(results).reverse().slice(0, DASHBOARD_LIMITS.resultsMax);
}
