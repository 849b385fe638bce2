import {
  setupTeamBody,
  updateTeamBody,
  type SetupTeamBody,
  type Team,
  type UpdateTeamBody,
} from '../../../../shared/api/teams.ts';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../../../../shared/teams.ts';
import { dateInputToIso } from '../../../lib/dates.ts';
import { validate, type FieldErrors } from '../../../lib/form-errors.ts';

// The team setup wizard's data (docs/product/teams-and-joining.md): four steps over one set of values.

export interface WizardStep {
  title: string;
  fields: readonly WizardField[];
  /** Missing or too short, these open the 'Required Fields' alert instead of an inline message. */
  required: readonly WizardField[];
}

const STEPS = [
  {
    title: 'Basic Team Information',
    fields: ['name', 'age_group', 'division', 'league_name'],
    required: ['name'],
  },
  {
    title: 'Season & Description',
    fields: ['season', 'season_start', 'season_end', 'team_description'],
    required: [],
  },
  {
    title: 'Coach Information',
    fields: [
      'head_coach_name',
      'head_coach_phone',
      'head_coach_email',
      'assistant_coach_name',
      'assistant_coach_phone',
      'assistant_coach_email',
    ],
    required: ['head_coach_name'],
  },
  {
    title: 'Team Branding & Integration',
    fields: ['primary_color', 'secondary_color', 'team_logo_url', 'groupme_bot_id'],
    required: [],
  },
] as const;

/** Every field the wizard asks for, step by step. */
export type WizardField = (typeof STEPS)[number]['fields'][number];
export type WizardValues = Record<WizardField, string>;
export type WizardErrors = FieldErrors<WizardField>;

export const WIZARD_STEPS: readonly WizardStep[] = STEPS;
export const WIZARD_FIELDS: readonly WizardField[] = STEPS.flatMap((step) => step.fields);

/** A fresh wizard: empty, default colours, the head coach prefilled with the signed-in coach's name. */
export function initialWizardValues(coachName: string): WizardValues {
  const values = Object.fromEntries(WIZARD_FIELDS.map((field) => [field, ''])) as WizardValues;
  return {
    ...values,
    head_coach_name: coachName,
    primary_color: DEFAULT_PRIMARY_COLOR,
    secondary_color: DEFAULT_SECONDARY_COLOR,
  };
}

/**
 * The body of POST /api/teams/setup-complete: every field, blanks as '' (null for the selects), season
 * dates as ISO date-times or null, and the practice and emergency fields the wizard does not ask for, empty.
 */
export type WizardBody = SetupTeamBody & Record<WizardField, string | null>;

export function wizardBody(values: WizardValues): WizardBody {
  const trimmed = Object.fromEntries(
    WIZARD_FIELDS.map((field) => [field, values[field].trim()]),
  ) as WizardValues;
  return {
    ...trimmed,
    age_group: trimmed.age_group || null,
    division: (trimmed.division || null) as WizardBody['division'],
    season_start: dateInputToIso(trimmed.season_start),
    season_end: dateInputToIso(trimmed.season_end),
    practice_location: '',
    practice_day: '',
    practice_time: '',
    emergency_contact_name: '',
    emergency_contact_phone: '',
    emergency_contact_relation: '',
  };
}

/** The server's messages for the fields of one step. */
export function stepErrors(values: WizardValues, step: WizardStep): WizardErrors {
  const all = validate<WizardField>(setupTeamBody, wizardBody(values));
  return Object.fromEntries(step.fields.flatMap((field) => (all[field] ? [[field, all[field]]] : [])));
}

export function missesRequired(errors: WizardErrors, step: WizardStep): boolean {
  return step.required.some((field) => errors[field]);
}

/** Team Settings: the wizard's values of an existing team (details only for those who may edit them). */
export function teamDetailsValues(team: Team): WizardValues {
  const details = team.details;
  return {
    name: team.name,
    age_group: team.age_group ?? '',
    division: team.division ?? '',
    league_name: team.league_name ?? '',
    season: team.season ?? '',
    season_start: team.season_start ?? '',
    season_end: team.season_end ?? '',
    team_description: team.team_description ?? '',
    head_coach_name: team.head_coach_name ?? '',
    head_coach_phone: details?.head_coach_phone ?? '',
    head_coach_email: details?.head_coach_email ?? '',
    assistant_coach_name: details?.assistant_coach_name ?? '',
    assistant_coach_phone: details?.assistant_coach_phone ?? '',
    assistant_coach_email: details?.assistant_coach_email ?? '',
    primary_color: team.primary_color,
    secondary_color: team.secondary_color,
    team_logo_url: team.team_logo_url ?? '',
    groupme_bot_id: team.groupme_bot_id ?? '',
  };
}

/**
 * PUT /api/teams/{id} from Team Settings' details: the wizard's fields, without the bot id (saved on its
 * own) and without the practice and emergency fields the form does not show (left as they are).
 */
export function teamDetailsBody(values: WizardValues): UpdateTeamBody {
  const { groupme_bot_id: _bot, ...rest } = wizardBody(values);
  const shown = Object.fromEntries(
    WIZARD_FIELDS.filter((field) => field !== 'groupme_bot_id').map((field) => [field, rest[field]]),
  );
  return shown as UpdateTeamBody;
}

/** The server's messages for the details form, checked before sending. */
export function detailsErrors(values: WizardValues): WizardErrors {
  return validate<WizardField>(updateTeamBody, teamDetailsBody(values) as Record<WizardField, unknown>);
}
