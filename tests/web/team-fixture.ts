import type { Team } from '../../src/shared/api/teams.ts';

/** A team as the API answers it to its coach, with only what a test names changed. */
export function teamFixture(overrides: Partial<Team> = {}): Team {
  const name = overrides.name ?? 'Riverside Lions';
  return {
    id: 3,
    name,
    team_name: name,
    invite_code: 'ABCD2345',
    groupme_bot_id: null,
    age_group: null,
    division: null,
    league_name: null,
    season: null,
    season_start: null,
    season_end: null,
    team_description: null,
    head_coach_name: null,
    primary_color: '#10b981',
    secondary_color: '#059669',
    team_logo_url: null,
    is_coach: true,
    rsvp_reminder_hours: null,
    details: null,
    ...overrides,
  };
}
