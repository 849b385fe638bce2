import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { clearToken, getToken } from './auth-token.ts';

/**
 * Query keys read by more than one feature (or by lib/). Each feature owns the rest in its api/keys.ts
 * (docs/decisions/038), built on `team(teamId)` so that switching teams never shows another team's
 * answers and one invalidation of a team reloads all of them.
 */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  /** Every team answer: the lists of the team picker and each team's players and parents. */
  teams: ['teams'] as const,
  coachedTeams: ['teams', 'coached'] as const,
  myTeam: ['teams', 'my-team'] as const,
  /** Everything about one team: its players and its parent accounts. */
  team: (teamId: number) => ['teams', teamId] as const,
  /** The signed-in user's moderator flags on the team. */
  myPermissions: (teamId: number) => ['teams', teamId, 'my-permissions'] as const,
  /** The kits feature edits them; the events' forms offer their names. */
  kits: (teamId: number) => ['teams', teamId, 'kits'] as const,
  /** The calendar feed's URL: a password change ends it (the account screen drops the kept one). */
  calendarToken: ['calendar-token'] as const,
};

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors (401, 403, 404, 400) will not change by asking again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A refused token (expired, revoked by a password change elsewhere) signs the user out.
        if (error instanceof ApiError && error.status === 401) {
          if (getToken()) clearToken();
          return;
        }
        // Other loading failures are only logged; the screens show their empty state.
        console.warn(`Loading ${JSON.stringify(query.queryKey)} failed`, error);
      },
    }),
    defaultOptions: {
      // Reads keep TanStack Query's 'online' mode: one asked while the browser says offline waits for the
      // connection, and a write's reload of such a read does not hold the write up. A page opened with
      // no signal starts 'online', and its reads get the service worker's copies (docs/decisions/047).
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      // A write runs now or fails now; it is never paused offline and replayed later (see use-write.ts).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // Team data (players, parents, team lists) changes on other devices: coming back to the tab
  // reloads it even when it is fresh.
  client.setQueryDefaults(queryKeys.teams, { refetchOnWindowFocus: 'always' });
  return client;
}

export const queryClient = createQueryClient();
