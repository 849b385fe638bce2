import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { CALENDAR_KINDS } from '../calendar.ts';
import { GAME_STATUSES, GAME_TYPES, isCalendarDate, TOURNAMENT_STATUSES } from '../events.ts';
import { RSVP_EVENT_TYPES, RSVP_LIMITS, RSVP_MESSAGES, RSVP_RESPONSES, type RsvpEventType } from '../rsvp.ts';
import { OVERVIEW_MESSAGES } from '../rsvp-overview.ts';
import { optionalText } from './fields.ts';

// Request and response shapes of the calendar and RSVP API (docs/product/calendar-rsvp-and-feed.md
// 'RSVPs', 'Event RSVPs (Team Administration)', 'The calendar feed';
// docs/decisions/017).
//
//   GET  /api/calendar/team/{teamId}/events?from=YYYY-MM-DD&to=YYYY-MM-DD  -> CalendarEvent[]
//        (one request per month view: games, tournament games, tournament-day placeholders, practices)
//   GET  /api/team-rsvp/user/{userId}/events[?team_id={teamId}]           -> RsvpList
//        (the caller's own id only; the RSVPs of the players the caller may answer for, and those players,
//        on that team, or without team_id on every team of the caller)
//   POST /api/team-rsvp/submit        body RsvpSubmit      -> Rsvp          (resubmitting replaces)
//   POST /api/team-rsvp/submit-all    body RsvpSubmitAll   -> Rsvp[]        (several players, one tap)
//   POST /api/team-rsvp/team/{teamId}/upcoming  body RsvpUpcoming  -> Rsvp[]  ('Answer all upcoming':
//        one player, every event not yet started, all or none)
//   GET  /api/team-rsvp/team/{teamId}/overview[?from=&to=&include_past=true&type=game,practice]
//                                                                        -> { upcoming_events }
//        (without a query: every event from today on, as the spec's; see rsvp-overview.ts)
//   POST /api/team-rsvp/remind        body {event_type, event_id}  -> { sent }   (api/notifications.ts)
//   GET  /api/team-rsvp/answer-link?token=   -> AnswerLink   (no sign-in: what an email's answer link records)
//   POST /api/team-rsvp/answer-link  {token} -> { detail }   (no sign-in: records it)
//   GET  /api/calendar/token                                             -> CalendarToken
//   POST /api/calendar/token/regenerate                                  -> CalendarToken
//   GET  /api/calendar/feed/{userId}/{token}.ics[?player_id=]            -> text/calendar (no bearer)

const idField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be a positive number`)
    .max(2_147_483_647, `${label} is out of range`);

const responseField = defineSchema(() =>
  z.enum(RSVP_RESPONSES, { error: 'Response must be yes, no or maybe' }),
);
const eventTypeField = defineSchema(() =>
  z.enum(RSVP_EVENT_TYPES, { error: 'Event type must be game, tournament or practice' }),
);

export const rsvpSubmitBody = defineSchema(() =>
  z.object({
    event_type: eventTypeField,
    event_id: idField('Event id'),
    player_id: idField('Player id'),
    response: responseField,
    notes: optionalText('Notes', RSVP_LIMITS.notesMax),
  }),
);
export type RsvpSubmit = z.input<typeof rsvpSubmitBody>;

export const rsvpSubmitAllBody = defineSchema(() =>
  z.object({
    event_type: eventTypeField,
    event_id: idField('Event id'),
    player_ids: z
      .array(idField('Player id'), { error: 'player_ids must be a list of player ids' })
      .min(1, RSVP_MESSAGES.choosePlayers)
      .max(100, 'At most 100 players at once'),
    response: responseField,
    notes: optionalText('Notes', RSVP_LIMITS.notesMax),
  }),
);
export type RsvpSubmitAll = z.input<typeof rsvpSubmitAllBody>;

/** 'Answer all upcoming': one player's answer to every upcoming event of the team (all or none). */
export const rsvpUpcomingBody = defineSchema(() =>
  z.object({
    player_id: idField('Player id'),
    response: responseField,
  }),
);
export type RsvpUpcoming = z.input<typeof rsvpUpcomingBody>;

export const rsvpSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    player_id: z.number().int(),
    player_name: z.string(),
    event_type: z.enum(RSVP_EVENT_TYPES),
    event_id: z.number().int(),
    response: z.enum(RSVP_RESPONSES),
    notes: z.string().nullable(),
    /** Who answered: their name (a parent, the player, a coach), or null when that account is gone. */
    responded_by_name: z.string().nullable(),
    updated_at: z.string(),
  }),
);
export type Rsvp = z.infer<typeof rsvpSchema>;

/**
 * A player the caller may answer for (docs/product/calendar-rsvp-and-feed.md 'Who answers for whom'), in
 * roster order.
 */
export const rsvpPlayerSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    /** The player's team (a list without team_id spans the caller's teams). */
    team_id: z.number().int(),
    name: z.string(),
    jersey_number: z.number().int().nullable(),
  }),
);
export type RsvpPlayer = z.infer<typeof rsvpPlayerSchema>;

export const rsvpListSchema = defineSchema(() =>
  z.object({
    players: z.array(rsvpPlayerSchema),
    rsvps: z.array(rsvpSchema),
  }),
);
export type RsvpList = z.infer<typeof rsvpListSchema>;

/** team_id narrows the list to one team; without it the list spans every team of the caller. */
export const rsvpListQuery = defineSchema(() =>
  z.object({
    team_id: z.coerce
      .number({ error: 'team_id must be a team id (a number)' })
      .int('team_id must be a whole number')
      .min(1, 'team_id must be a positive number')
      .max(2_147_483_647, 'team_id is out of range')
      .optional(),
  }),
);

const dateQuery = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDate, `${label} must be a real date (YYYY-MM-DD)`);

export const calendarRangeQuery = defineSchema(() =>
  z.object({ from: dateQuery('from'), to: dateQuery('to') }),
);

const isRsvpEventType = (value: string): value is RsvpEventType =>
  (RSVP_EVENT_TYPES as readonly string[]).includes(value);

/**
 * The overview's optional window and type filter (src/shared/rsvp-overview.ts; docs/decisions/050):
 * `from` and `to` are inclusive dates, `include_past=true` drops the default start (today), `type` is
 * a comma-separated list of event types.
 */
export const overviewQuery = defineSchema(() =>
  z
    .object({
      from: dateQuery('from').optional(),
      to: dateQuery('to').optional(),
      include_past: z
        .enum(['true', 'false'], { error: 'include_past must be true or false' })
        .transform((value) => value === 'true')
        .optional(),
      type: z
        .string({ error: OVERVIEW_MESSAGES.badType })
        .transform((value, ctx) => {
          const types = [...new Set(value.split(',').map((part) => part.trim()))];
          if (types.length === 0 || !types.every((t): t is RsvpEventType => isRsvpEventType(t))) {
            ctx.addIssue({ code: 'custom', message: OVERVIEW_MESSAGES.badType });
            return z.NEVER;
          }
          return types;
        })
        .optional(),
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: OVERVIEW_MESSAGES.toBeforeFrom,
      path: ['to'],
    }),
);

export const calendarEventSchema = defineSchema(() =>
  z.object({
    id: z.string(),
    source: z.enum(['game', 'tournament_game', 'tournament_day', 'practice']),
    sourceId: z.number().int(),
    title: z.string(),
    date: z.string(),
    time: z.string().nullable(),
    durationMinutes: z.number().int().nullable(),
    location: z.string().nullable(),
    address: z.string().nullable(),
    kit: z.string(),
    type: z.enum(['game', 'practice']),
    kind: z.enum(CALENDAR_KINDS),
    gameType: z.enum([...GAME_TYPES, 'tournament']).nullable(),
    status: z.enum(GAME_STATUSES).nullable(),
    tournamentId: z.number().int().nullable(),
    tournamentName: z.string().nullable(),
    tournamentStatus: z.enum(TOURNAMENT_STATUSES).nullable(),
    tournamentEndDate: z.string().nullable(),
    notes: z.string().nullable(),
    tournamentNotes: z.string().nullable(),
    isPlaceholder: z.boolean(),
    rsvpEventType: z.enum(RSVP_EVENT_TYPES).nullable(),
    rsvpEventId: z.number().int().nullable(),
    /** Added in issue 20: 'HH:MM' when the coach set when to arrive, and a game's scores. */
    arrivalTime: z.string().nullable(),
    ourScore: z.number().int().nullable(),
    opponentScore: z.number().int().nullable(),
  }),
);

/**
 * One answer in the coach's overview (docs/product/calendar-rsvp-and-feed.md 'Event RSVPs (Team
 * Administration)').
 */
export const overviewResponseSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    player_id: z.number().int(),
    player: z.object({
      name: z.string(),
      position: z.string().nullable(),
      jersey_number: z.number().int().nullable(),
    }),
    /** Who answered. */
    user: z.object({ name: z.string(), role: z.string() }).nullable(),
    response: z.enum(RSVP_RESPONSES),
    notes: z.string().nullable(),
  }),
);

export const overviewEventSchema = defineSchema(() =>
  z.object({
    event_id: z.number().int(),
    event_type: z.enum(RSVP_EVENT_TYPES),
    event_name: z.string(),
    event_date: z.string(),
    event_time: z.string().nullable(),
    /** The tournament's name for a tournament game; null otherwise. */
    tournament_name: z.string().nullable(),
    total_responses: z.number().int(),
    yes_count: z.number().int(),
    no_count: z.number().int(),
    maybe_count: z.number().int(),
    responses: z.array(overviewResponseSchema),
    /** Active players with no answer yet. */
    not_responded: z.array(
      z.object({
        player_id: z.number().int(),
        name: z.string(),
        position: z.string().nullable(),
        jersey_number: z.number().int().nullable(),
      }),
    ),
    /**
     * How many people a reminder would reach now (docs/product/notifications.md 'RSVP reminders'): the
     * parents and players who answer for a player without an answer; 0 for a cancelled or started event.
     */
    to_remind: z.number().int(),
    /** The event's last reminder (automatic, or a coach's), or null. */
    last_reminder: z
      .object({
        sent_at: z.string(),
        /** How many people it reached. */
        recipients: z.number().int(),
        automatic: z.boolean(),
      })
      .nullable(),
  }),
);
export type OverviewEvent = z.infer<typeof overviewEventSchema>;

export const overviewSchema = defineSchema(() => z.object({ upcoming_events: z.array(overviewEventSchema) }));

const answerTokenField = defineSchema(() =>
  z.string({ error: 'token is required' }).min(1, 'token is required').max(2000, 'token is too long'),
);

/** GET /api/team-rsvp/answer-link?token= and POST {token}: an email's answer link (no sign-in). */
export const answerLinkQuery = defineSchema(() => z.object({ token: answerTokenField }));
export const answerLinkBody = defineSchema(() => z.object({ token: answerTokenField }));

/** What an answer link would record: it only describes (a GET never records). */
export const answerLinkSchema = defineSchema(() =>
  z.object({
    /** The player's first name. */
    player_name: z.string(),
    team_name: z.string(),
    event_type: z.enum(RSVP_EVENT_TYPES),
    event_id: z.number().int(),
    /** The opponent of a game, the title of a practice. */
    event_name: z.string(),
    tournament_name: z.string().nullable(),
    event_date: z.string().nullable(),
    event_time: z.string().nullable(),
    response: z.enum(RSVP_RESPONSES),
  }),
);
export type AnswerLink = z.infer<typeof answerLinkSchema>;

export const calendarTokenSchema = defineSchema(() =>
  z.object({
    user_id: z.number().int(),
    token: z.string(),
    /** '/api/calendar/feed/{user_id}/{token}.ics'; the page makes https:// and webcal:// URLs of it. */
    feed_path: z.string(),
  }),
);
export type CalendarToken = z.infer<typeof calendarTokenSchema>;

export const feedQuery = defineSchema(() =>
  z.object({
    /** A parent's feed limited to one child's team. */
    player_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  }),
);
