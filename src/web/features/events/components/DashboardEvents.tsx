import { type ReactNode, useDeferredValue, useMemo } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import { type CalendarEvent, calendarEvents } from '../../../../shared/calendar.ts';
import { formatDate, formatTime, GAME_STATUS_LABELS } from '../../../../shared/events.ts';
import type { RsvpEventType } from '../../../../shared/rsvp.ts';
import { lazyScreen } from '../../../components/LazyScreen.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { useGames } from '../api/get-games.ts';
import { usePractices } from '../api/get-practices.ts';
import { useTournaments } from '../api/get-tournaments.ts';
import { recentResults, type UpcomingEvent, upcomingEvents } from '../lib/dashboard.ts';
import { type TodaysGame, todaysGames } from '../lib/game-day.ts';
import { eventsHash } from '../lib/location.ts';
import { useToday } from '../lib/use-today.ts';
import { ResultTag } from './EventTags.tsx';
import { type RosterProgress, TeamNextSteps } from './TeamNextSteps.tsx';
import './events.css';

// Game day's score fields: their code is fetched only when a team has a game today and the user may
// record scores, so no other day's first load carries it (docs/decisions/011, 050).
const GameDayScores = lazyScreen(() => import('./GameDayScores.tsx').then((m) => m.GameDayScores));

/** Today's games with their scores, for those who may record scores; nothing for anyone else. */
function GameDay({ team, games }: { team: Pick<Team, 'id' | 'is_coach'>; games: readonly TodaysGame[] }) {
  const canScore = useCan(team, 'update_scores');
  const canManage = useCan(team, 'manage_events');
  return canScore || canManage ? <GameDayScores teamId={team.id} games={games} /> : null;
}

/** The dashboard reloads the schedule this often while it is visible (docs/product/events.md). */
export const DASHBOARD_REFRESH_MS = 60_000;

/** What an upcoming event answers RSVPs as ('tournament': a tournament game's id), and when it is. */
export interface RsvpEventRef {
  kind: RsvpEventType;
  id: number;
  date: string;
  /** 'HH:MM', or 'TBD'/null for a time not known yet. */
  time: string | null;
  /** A tournament game's tournament's last day (its RSVPs close by the end of it); else null. */
  tournamentEndDate: string | null;
}

const RSVP_KINDS: Record<string, RsvpEventType> = {
  'tournament-game': 'tournament',
  game: 'game',
  practice: 'practice',
};

/** The RSVP target of an upcoming event; none for a tournament whose games have no date yet. */
export function rsvpEventRef(
  event: Pick<UpcomingEvent, 'key' | 'date' | 'time' | 'tournamentEndDate'>,
): RsvpEventRef | null {
  const match = /^(tournament-game|game|practice)-(\d+)$/.exec(event.key);
  const kind = match?.[1] && RSVP_KINDS[match[1]];
  return kind && match[2]
    ? {
        kind,
        id: Number(match[2]),
        date: event.date,
        time: event.time,
        tournamentEndDate: event.tournamentEndDate,
      }
    : null;
}

function rsvpSlot(event: UpcomingEvent, render: (event: RsvpEventRef) => ReactNode): ReactNode {
  const ref = rsvpEventRef(event);
  return ref && render(ref);
}

/**
 * The dashboard's Upcoming Events and Recent Results. Reloaded every 60 s while the page is visible
 * and when it becomes visible again; a failed load leaves a list empty.
 */
export function DashboardEvents({
  team,
  roster,
  rsvpSummary,
  pending = false,
  after,
  nextUp,
}: {
  team: Pick<Team, 'id' | 'is_coach'>;
  /** For a coach: what the roster holds, for the new team's next steps (the app reads the roster). */
  roster?: RosterProgress | undefined;
  /** The RSVPs of an upcoming event that takes them (the app reads them: another feature's data). */
  rsvpSummary?: ((event: RsvpEventRef) => ReactNode) | undefined;
  /** True while what rsvpSummary shows is still loading: the schedule waits for it. */
  pending?: boolean | undefined;
  /** What the dashboard shows below the schedule, shown with it. */
  after?: ReactNode;
  /**
   * 'Next up' above the schedule, given the team's events as the calendar derives them (from today on;
   * the app composes it with the RSVPs: docs/product/calendar-rsvp-and-feed.md 'Next up').
   */
  nextUp?: ((events: readonly CalendarEvent[]) => ReactNode) | undefined;
}) {
  const today = useToday();
  const options = { refetchInterval: DASHBOARD_REFRESH_MS, refetchOnWindowFocus: 'always' as const };
  const tournaments = useTournaments(team.id, options);
  const games = useGames(team.id, options);
  const practices = usePractices(team.id, options);
  const loading = tournaments.isPending || games.isPending || practices.isPending;
  const upcoming = upcomingEvents(tournaments.data ?? [], games.data ?? [], practices.data ?? [], today);
  const results = recentResults(tournaments.data ?? [], games.data ?? [], today);

  // The same three lists as the rest of the dashboard (no request of its own), derived once per answer.
  const wantsNextUp = nextUp !== undefined;
  const fromToday = useMemo(
    () =>
      wantsNextUp
        ? calendarEvents(
            { tournaments: tournaments.data ?? [], games: games.data ?? [], practices: practices.data ?? [] },
            today,
          ).filter((event) => event.date >= today)
        : [],
    [wantsNextUp, tournaments.data, games.data, practices.data, today],
  );
  // Game day: today's games from the same lists (no read of its own).
  const gameDay = useMemo(
    () => todaysGames(tournaments.data ?? [], games.data ?? [], today),
    [tournaments.data, games.data, today],
  );
  const eventsLoaded = tournaments.isSuccess && games.isSuccess && practices.isSuccess;
  const hasEvents = [tournaments.data, games.data, practices.data].some((list) => (list?.length ?? 0) > 0);

  // The schedule appears once, whole: lists, next steps, RSVP lines and everything below together.
  // Cards filling in one by one pushed what was already on screen down (a layout shift the reader sees
  // as the page jumping; docs/decisions/039).
  // The schedule's first render is the dashboard's heaviest: deferred, it runs after the welcome card has
  // painted, in slices, not in one long task with it (docs/decisions/040). Only the render waits: the
  // reads above have started in the first pass, so on a phone they are not a task later.
  const started = useDeferredValue(true, false);
  if (!started || loading || pending) return <p role="status">Loading...</p>;

  return (
    <>
      {roster && eventsLoaded && <TeamNextSteps roster={roster} hasEvents={hasEvents} />}
      {gameDay.length > 0 && <GameDay team={team} games={gameDay} />}
      {nextUp?.(fromToday)}
      <section className="card" aria-labelledby="upcoming-events-title">
        <div className="section-header">
          <h2 id="upcoming-events-title" className="card__title">
            Upcoming Events
          </h2>
          <a className="link" href={eventsHash()}>
            View all events
          </a>
        </div>
        {upcoming.length === 0 ? (
          <p className="muted">Nothing scheduled in the next 7 days.</p>
        ) : (
          <ul className="dashboard-events" aria-label="Upcoming events">
            {upcoming.map((event) => (
              <li key={event.key} className="dashboard-event">
                <div className="dashboard-event__when">
                  <strong>{formatDate(event.date)}</strong>
                  <span>{formatTime(event.time)}</span>
                </div>
                <div className="dashboard-event__main">
                  <p className="dashboard-event__title">
                    {event.title}{' '}
                    <Tag tone={event.kind === 'Practice' ? 'success' : 'info'}>{event.kind}</Tag>
                    {event.status === 'cancelled' && <Tag tone="danger">{GAME_STATUS_LABELS.cancelled}</Tag>}
                  </p>
                  {event.detail && <p className="muted dashboard-event__detail">{event.detail}</p>}
                  {rsvpSummary && event.status !== 'cancelled' && rsvpSlot(event, rsvpSummary)}
                </div>
                <a className="button button--secondary button--small" href={event.href}>
                  View Details<span className="visually-hidden"> of {event.title}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="recent-results-title">
        <div className="section-header">
          <h2 id="recent-results-title" className="card__title">
            Recent Results
          </h2>
          <a className="link" href={eventsHash({ section: 'games' })}>
            View all results
          </a>
        </div>
        {results.length === 0 ? (
          <p className="muted">No results in the last 7 days.</p>
        ) : (
          <ul className="dashboard-events" aria-label="Recent results">
            {results.map((r) => (
              <li key={r.key} className="dashboard-event">
                <div className="dashboard-event__when">
                  <strong>{formatDate(r.date)}</strong>
                </div>
                <div className="dashboard-event__main">
                  <p className="dashboard-event__title">
                    vs {r.opponent}{' '}
                    <span className="game-outcome__score">
                      {r.ourScore} - {r.opponentScore}
                    </span>{' '}
                    <ResultTag result={r.result} />
                  </p>
                  <p className="muted dashboard-event__detail">{r.detail}</p>
                </div>
                <a className="button button--secondary button--small" href={r.href}>
                  View Details<span className="visually-hidden"> of the game vs {r.opponent}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {after}
    </>
  );
}
