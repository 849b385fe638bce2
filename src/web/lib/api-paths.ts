// Addresses that both the app's API modules and the page's early reads (early-reads.ts) ask for. The early
// reads run inline in the page before any of the app's files has arrived, so they cannot import those
// modules: the addresses live here, once, for both.

export const API_BASE = '/api';
/** The signed-in user (features/auth/api/get-me.ts). */
export const ME_PATH = '/auth/me';
/** The club's public settings: name, time zone (lib/public-config.ts). */
export const CONFIG_PATH = '/config';
/** A coach's or admin's teams (lib/coached-teams.ts). */
export const COACHED_TEAMS_PATH = '/teams/coached';
/** A parent's or player's team (features/teams/api/get-my-team.ts). */
export const MY_TEAM_PATH = '/teams/my-team';
