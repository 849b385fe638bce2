import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import {
  DEFAULT_GAME_STATUS,
  DEFAULT_GAME_TYPE,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  GAME_STATUSES,
  GAME_TYPES,
  INDIVIDUAL_GAME_STATUSES,
  isCalendarDate,
  isClockTime,
  PRACTICE_STATUSES,
  TBD,
  TOURNAMENT_STATUSES,
} from '../events.ts';
import { PRACTICE_SCOPES, SERIES_MESSAGES } from '../practice-series.ts';
import { blankOrNumber, blankToNull, numberFromText, textError } from './fields.ts';

// Request and response shapes of /api/tournaments, /api/games and /api/practices
// (docs/product/events.md). A PUT body names only what changes: a field left out parses to undefined and
// keeps its value, a blank optional field clears it, so a score can be saved without resending the game.

const requiredText = (label: string, max: number, message = `${label} is required`) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? message : `${label} must be text`,
    })
    .trim()
    .min(1, message)
    .max(max, `${label} must be no more than ${max} characters`);

/** Blank, null or left out: null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: textError(label) })
    .trim()
    .max(max, `${label} must be no more than ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const dateField = (label: string, message = `${label} is required`) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? message : `${label} must be a date`,
    })
    .trim()
    .min(1, message)
    // A date-time is taken for its date (the original client sent midnight stamps).
    .transform((v) => v.slice(0, 10))
    .refine(isCalendarDate, `${label} must be a real date (YYYY-MM-DD)`);

const optionalDate = (label: string) =>
  z
    .preprocess(blankToNull, dateField(label).nullable())
    .optional()
    .transform((v) => v ?? null);

const timeField = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .transform((v) => v.slice(0, 5))
    .refine(isClockTime, `${label} must be a time (HH:MM)`);

/** A tournament game's time: HH:MM, 'TBD', or blank. */
const tournamentGameTime = defineSchema(() =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'Time must be text' })
        .trim()
        .transform((v) => (v.toUpperCase() === TBD ? TBD : v.slice(0, 5)))
        .refine((v) => v === TBD || isClockTime(v), 'Time must be a time (HH:MM) or TBD')
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
);

const urlField = defineSchema(() =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'Website must be text' })
        .trim()
        .max(EVENT_LIMITS.urlMax, `Website must be no more than ${EVENT_LIMITS.urlMax} characters`)
        .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
        .pipe(z.url({ protocol: /^https?$/, error: 'Website must be a web address (http or https)' }))
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
);

const scoreField = (label: string) =>
  z
    .preprocess(
      blankOrNumber,
      z
        .number({ error: EVENT_MESSAGES.scoresInvalid })
        .int(EVENT_MESSAGES.scoresInvalid)
        .min(0, EVENT_MESSAGES.scoresInvalid)
        .max(EVENT_LIMITS.scoreMax, `${label} must be no more than ${EVENT_LIMITS.scoreMax}`)
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null);

/**
 * When players should be there ('HH:MM' in the team's zone; docs/product/events.md 'Arrival time'):
 * blank or null clears it, left out keeps it (on a PUT) or leaves none (on a POST).
 */
const arrivalField = defineSchema(() =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: EVENT_MESSAGES.arrivalInvalid })
        .trim()
        .transform((v) => v.slice(0, 5))
        .refine(isClockTime, EVENT_MESSAGES.arrivalInvalid)
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
);

const notesField = defineSchema(() => optionalText('Notes', EVENT_LIMITS.notesMax));
const addressField = defineSchema(() => optionalText('Address', EVENT_LIMITS.addressMax));

// ---- Tournaments ----

const tournamentFields = {
  name: requiredText('Tournament name', EVENT_LIMITS.nameMax, EVENT_MESSAGES.tournamentRequired),
  location: requiredText('Location', EVENT_LIMITS.locationMax, EVENT_MESSAGES.tournamentRequired),
  address: addressField,
  url: urlField,
  start_date: dateField('Start date', EVENT_MESSAGES.tournamentRequired),
  end_date: dateField('End date', EVENT_MESSAGES.tournamentRequired),
  notes: notesField,
};

const endNotBeforeStart = (value: { start_date?: string; end_date?: string }) =>
  !value.start_date || !value.end_date || value.end_date >= value.start_date;

/**
 * POST /api/tournaments/team/{teamId}, also the quick-add copy. A tournament with the same name (case
 * and spacing aside) and dates as one already on the team answers 409, so the spec's copy, which sends
 * only the copied fields, is known by its name and dates. `source_tournament_id` (ours, optional) names
 * the tournament copied, so a copy is known after a rename too.
 */
export const tournamentBody = defineSchema(() =>
  z
    .object({
      ...tournamentFields,
      source_tournament_id: z
        .number({ error: 'source_tournament_id must be a tournament id (a number)' })
        .int('source_tournament_id must be a whole number')
        .min(1, 'source_tournament_id must be a positive number')
        .max(2_147_483_647, 'source_tournament_id is out of range')
        .nullish()
        .transform((v) => v ?? null),
    })
    .refine(endNotBeforeStart, { message: EVENT_MESSAGES.endBeforeStart, path: ['end_date'] }),
);
export type TournamentBody = z.input<typeof tournamentBody>;

/** PUT /api/tournaments/{id}: the fields to change. */
export const tournamentPatch = defineSchema(() =>
  z
    .object(tournamentFields)
    .partial()
    .refine(endNotBeforeStart, { message: EVENT_MESSAGES.endBeforeStart, path: ['end_date'] }),
);
export type TournamentPatch = z.input<typeof tournamentPatch>;

const tournamentGameFields = {
  opponent: requiredText('Opponent', EVENT_LIMITS.nameMax, EVENT_MESSAGES.opponentRequired),
  round_name: optionalText('Round', EVENT_LIMITS.nameMax),
  date: optionalDate('Date'),
  time: tournamentGameTime,
  field: optionalText('Field', EVENT_LIMITS.nameMax),
  kit: optionalText('Kit', EVENT_LIMITS.nameMax),
  status: z
    .enum(GAME_STATUSES, { error: `Status must be one of: ${GAME_STATUSES.join(', ')}` })
    .optional()
    .transform((v) => v ?? DEFAULT_GAME_STATUS),
  notes: notesField,
  condition: optionalText('Condition', EVENT_LIMITS.locationMax),
  arrival_time: arrivalField,
  our_score: scoreField('Our score'),
  opponent_score: scoreField('Opponent score'),
};

/** POST /api/tournaments/{id}/games. */
export const tournamentGameBody = defineSchema(() => z.object(tournamentGameFields));
export type TournamentGameBody = z.input<typeof tournamentGameBody>;

/** PUT /api/tournaments/{id}/games/{gameId}; scores alone need only can_update_scores. */
export const tournamentGamePatch = defineSchema(() => z.object(tournamentGameFields).partial());
export type TournamentGamePatch = z.input<typeof tournamentGamePatch>;

const gameScoreAndStatus = {
  status: z.enum(GAME_STATUSES),
  our_score: z.number().int().nullable(),
  opponent_score: z.number().int().nullable(),
};

export const tournamentGameSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    tournament_id: z.number().int(),
    opponent: z.string(),
    round_name: z.string().nullable(),
    date: z.string().nullable(),
    time: z.string().nullable(),
    field: z.string().nullable(),
    kit: z.string().nullable(),
    notes: z.string().nullable(),
    condition: z.string().nullable(),
    /** 'HH:MM' in the team's zone, or null (added in issue 20, as on games and practices). */
    arrival_time: z.string().nullable(),
    ...gameScoreAndStatus,
  }),
);
export type TournamentGame = z.infer<typeof tournamentGameSchema>;

const recordSchema = defineSchema(() =>
  z.object({ wins: z.number().int(), losses: z.number().int(), draws: z.number().int() }),
);

export const tournamentSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    name: z.string(),
    location: z.string(),
    address: z.string().nullable(),
    url: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string(),
    /** The spec's camel-case dates: start stamped 00:00:00.000Z, end 23:59:59.999Z. */
    startDate: z.string(),
    endDate: z.string(),
    notes: z.string().nullable(),
    /** The original a quick-add copy was made from; null for a tournament created from scratch. */
    source_tournament_id: z.number().int().nullable(),
    /** Computed in the team's time zone (docs/product/events.md), never stored. */
    status: z.enum(TOURNAMENT_STATUSES),
    team_name: z.string(),
    teamName: z.string(),
    team: z.object({ name: z.string() }),
    /** Sorted by date then time, TBD last. */
    games: z.array(tournamentGameSchema),
    record: recordSchema,
  }),
);
export type Tournament = z.infer<typeof tournamentSchema>;

// ---- Individual games ----

const individualGameFields = {
  opponent: requiredText('Opponent', EVENT_LIMITS.nameMax, EVENT_MESSAGES.opponentRequired),
  date: dateField('Date'),
  time: timeField('Time'),
  location: requiredText('Location', EVENT_LIMITS.locationMax),
  address: addressField,
  type: z
    .enum(GAME_TYPES, { error: `Type must be one of: ${GAME_TYPES.join(', ')}` })
    .optional()
    .transform((v) => v ?? DEFAULT_GAME_TYPE),
  is_home: z
    .boolean({ error: 'Home or away must be true or false' })
    .optional()
    .transform((v) => v ?? true),
  kit: optionalText('Kit', EVENT_LIMITS.nameMax),
  notes: notesField,
  arrival_time: arrivalField,
  status: z
    .enum(INDIVIDUAL_GAME_STATUSES, {
      error: `Status must be one of: ${INDIVIDUAL_GAME_STATUSES.join(', ')}`,
    })
    .optional()
    .transform((v) => v ?? DEFAULT_GAME_STATUS),
  our_score: scoreField('Our score'),
  opponent_score: scoreField('Opponent score'),
};

/** POST /api/games/{teamId}. */
export const gameBody = defineSchema(() => z.object(individualGameFields));
export type GameBody = z.input<typeof gameBody>;

/** PUT /api/games/{teamId}/{gameId}. */
export const gamePatch = defineSchema(() => z.object(individualGameFields).partial());
export type GamePatch = z.input<typeof gamePatch>;

export const gameSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    opponent: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
    address: z.string().nullable(),
    type: z.enum(GAME_TYPES),
    is_home: z.boolean(),
    kit: z.string().nullable(),
    notes: z.string().nullable(),
    /** 'HH:MM' in the team's zone, or null (added in issue 20). */
    arrival_time: z.string().nullable(),
    ...gameScoreAndStatus,
  }),
);
export type Game = z.infer<typeof gameSchema>;

// ---- Practices ----

const practiceFields = {
  title: requiredText('Title', EVENT_LIMITS.nameMax),
  date: dateField('Date'),
  time: timeField('Time'),
  location: requiredText('Location', EVENT_LIMITS.locationMax),
  address: addressField,
  duration: z
    .preprocess(
      blankOrNumber,
      z
        .number({ error: 'Duration must be a number of minutes' })
        .int('Duration must be a whole number of minutes')
        .min(1, 'Duration must be at least 1 minute')
        .max(
          EVENT_LIMITS.durationMaxMinutes,
          `Duration must be no more than ${EVENT_LIMITS.durationMaxMinutes} minutes`,
        )
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
  focus: optionalText('Focus', EVENT_LIMITS.locationMax),
  notes: notesField,
  equipment_needed: optionalText('Equipment needed', EVENT_LIMITS.locationMax),
  arrival_time: arrivalField,
};

/** POST /api/practices: the team in the body; repeat_weeks N creates N weekly practices (0: one). */
export const practiceBody = defineSchema(() =>
  z.object({
    team_id: z.preprocess(
      numberFromText,
      z
        .number({
          error: (issue) => (issue.input === undefined ? 'team_id is required' : 'team_id must be a number'),
        })
        .int('team_id must be a whole number')
        .positive(),
    ),
    ...practiceFields,
    repeat_weeks: z
      .preprocess(
        blankOrNumber,
        z
          .number({ error: 'Repeat must be a number of weeks' })
          .int('Repeat must be a whole number of weeks')
          .min(0, `Repeat must be between 0 and ${EVENT_LIMITS.repeatWeeksMax} weeks`)
          .max(
            EVENT_LIMITS.repeatWeeksMax,
            `Repeat must be between 0 and ${EVENT_LIMITS.repeatWeeksMax} weeks`,
          )
          .nullable(),
      )
      .optional()
      .transform((v) => v ?? 0),
  }),
);
export type PracticeBody = z.input<typeof practiceBody>;

/**
 * PUT /api/practices/{id}: one practice of a series, on its own. `status` cancels a practice (it stays
 * on every schedule, marked) or puts it back; a new practice is always scheduled.
 */
export const practicePatch = defineSchema(() =>
  z
    .object({
      ...practiceFields,
      status: z.enum(PRACTICE_STATUSES, { error: "Status must be 'scheduled' or 'cancelled'" }),
    })
    .partial(),
);
export type PracticePatch = z.input<typeof practicePatch>;

export const practiceSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    title: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
    address: z.string().nullable(),
    duration: z.number().int().nullable(),
    focus: z.string().nullable(),
    notes: z.string().nullable(),
    equipment_needed: z.string().nullable(),
    /** 'HH:MM' in the team's zone, or null (added in issue 20). */
    arrival_time: z.string().nullable(),
    status: z.enum(PRACTICE_STATUSES),
    /** The weekly series it was created with (added in issue 21, decision 048); null: a single practice. */
    series_id: z.string().nullable(),
  }),
);
export type Practice = z.infer<typeof practiceSchema>;

/**
 * `?scope=` of PUT and DELETE /api/practices/{id} (decision 048): 'following' acts on the practice and
 * the later practices of its series; none (or 'this'): on the practice alone.
 */
export const practiceScopeQuery = defineSchema(() =>
  z.object({
    scope: z.enum(PRACTICE_SCOPES, { error: SERIES_MESSAGES.invalidScope }).optional().default('this'),
  }),
);

/** POST /api/practices answers every practice it created, and the sentence to show. */
export const createdPracticesResponse = defineSchema(() =>
  z.object({
    practices: z.array(practiceSchema),
    message: z.string(),
  }),
);
export type CreatedPractices = z.infer<typeof createdPracticesResponse>;
