import type { Game, Practice, Tournament, TournamentGame } from '../../src/shared/api/events.ts';
import { gameRecord, type TournamentStatus } from '../../src/shared/events.ts';

// Answers of the events API as the server gives them, with only what a test names changed.

export function tournamentGame(overrides: Partial<TournamentGame> = {}): TournamentGame {
  return {
    id: 100,
    tournament_id: 1,
    opponent: 'Eagles',
    round_name: null,
    date: null,
    time: null,
    field: null,
    kit: null,
    notes: null,
    condition: null,
    arrival_time: null,
    status: 'scheduled',
    our_score: null,
    opponent_score: null,
    ...overrides,
  };
}

export function tournament(
  id: number,
  name: string,
  start: string,
  end: string,
  status: TournamentStatus,
  overrides: Partial<Tournament> = {},
): Tournament {
  const games = overrides.games ?? [];
  return {
    id,
    team_id: 3,
    name,
    location: 'Riverside Park',
    address: null,
    url: null,
    start_date: start,
    end_date: end,
    startDate: `${start}T00:00:00.000Z`,
    endDate: `${end}T23:59:59.999Z`,
    notes: null,
    source_tournament_id: null,
    status,
    team_name: 'Riverside Lions',
    teamName: 'Riverside Lions',
    team: { name: 'Riverside Lions' },
    games,
    record: gameRecord(games),
    ...overrides,
  };
}

export function game(overrides: Partial<Game> = {}): Game {
  return {
    id: 200,
    team_id: 3,
    opponent: 'Hawks',
    date: '2026-06-10',
    time: '10:00',
    location: 'Main Field',
    address: null,
    type: 'friendly',
    is_home: true,
    kit: null,
    notes: null,
    arrival_time: null,
    status: 'scheduled',
    our_score: null,
    opponent_score: null,
    ...overrides,
  };
}

export function practice(overrides: Partial<Practice> = {}): Practice {
  return {
    id: 300,
    team_id: 3,
    title: 'Team Practice',
    date: '2026-06-10',
    time: '17:30',
    location: 'Training Ground',
    address: null,
    duration: 90,
    focus: null,
    notes: null,
    equipment_needed: null,
    arrival_time: null,
    status: 'scheduled',
    series_id: null,
    ...overrides,
  };
}

/** Every moderator flag off: what GET /api/moderators/my-permissions answers for a parent. */
export function noPermissions(teamId = 3) {
  return {
    team_id: teamId,
    is_coach: false,
    can_update_scores: false,
    can_make_announcements: false,
    can_create_tournaments: false,
    can_manage_roster: false,
    can_upload_files: false,
    can_send_messages: false,
    can_manage_events: false,
    can_edit_team_info: false,
    can_manage_equipment: false,
    can_view_finances: false,
    can_collect_payments: false,
    can_assign_snacks: false,
  };
}
