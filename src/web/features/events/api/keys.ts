// The events' answers, kept under the team's key so that coming back to the tab reloads them (team
// data changes on other devices) and switching teams never shows another team's schedule.
export const eventKeys = {
  tournaments: (teamId: number) => ['teams', teamId, 'tournaments'] as const,
  /** Tournaments of every team the user coaches (quick-add). */
  allTournaments: ['tournaments', 'all'] as const,
  games: (teamId: number) => ['teams', teamId, 'games'] as const,
  practices: (teamId: number) => ['teams', teamId, 'practices'] as const,
};

/** What a read of the schedule may ask for beyond loading once. */
export interface ScheduleReadOptions {
  /** Reload this often while the page is visible (the dashboard: 60 s). */
  refetchInterval?: number;
  /** Reload on coming back to the page even when the answer is fresh (the dashboard). */
  refetchOnWindowFocus?: boolean | 'always';
}
