import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { hasDuplicateOptions, POLL_LIMITS, POLL_MESSAGES } from '../polls.ts';
import { ROLES } from '../roles.ts';

// Request and response shapes of /api/messaging/polls (docs/product/polls.md; docs/decisions/019).

const invalid = () => POLL_MESSAGES.invalid;

/** POST /api/messaging/polls?team_id= and PUT /api/messaging/polls/{id}. */
export const pollBody = defineSchema(() =>
  z.object({
    question: z
      .string({ error: invalid })
      .trim()
      .min(1, POLL_MESSAGES.invalid)
      .max(POLL_LIMITS.questionMax, `Question must be no more than ${POLL_LIMITS.questionMax} characters`),
    options: z
      .array(
        z
          .string({ error: invalid })
          .trim()
          .min(1, POLL_MESSAGES.invalid)
          .max(POLL_LIMITS.optionMax, `Options must be no more than ${POLL_LIMITS.optionMax} characters`),
        { error: invalid },
      )
      .min(POLL_LIMITS.minOptions, POLL_MESSAGES.invalid)
      .max(POLL_LIMITS.maxOptions, `A poll can have at most ${POLL_LIMITS.maxOptions} options`)
      .refine((options) => !hasDuplicateOptions(options), POLL_MESSAGES.duplicateOption),
    /** ISO date and time with an offset; null or absent: the poll never expires. */
    expires_at: z.iso
      .datetime({ offset: true, error: POLL_MESSAGES.expiryInvalid })
      .nullish()
      .transform((v) => (v ? new Date(v) : null))
      .refine((v) => v === null || !Number.isNaN(v.getTime()), POLL_MESSAGES.expiryInvalid),
  }),
);
export type PollBody = z.input<typeof pollBody>;

export const pollCreateQuery = defineSchema(() =>
  z.object({
    team_id: z.coerce
      .number({ error: 'Team id must be a number' })
      .int('Team id must be a whole number')
      .min(1, 'Team id must be a positive number')
      .max(2_147_483_647, 'Team id is out of range'),
  }),
);

/** POST /api/messaging/polls/{id}/vote. */
export const voteBody = defineSchema(() =>
  z.object({
    option_index: z
      .number({ error: POLL_MESSAGES.optionOutOfRange })
      .int(POLL_MESSAGES.optionOutOfRange)
      .min(0, POLL_MESSAGES.optionOutOfRange)
      .max(POLL_LIMITS.maxOptions - 1, POLL_MESSAGES.optionOutOfRange),
    player_id: z
      .number({ error: 'Player id must be a number' })
      .int('Player id must be a whole number')
      .min(1, 'Player id must be a positive number')
      .max(2_147_483_647, 'Player id is out of range'),
    /**
     * Optional (the spec's body is {option_index, player_id}): the text of the option chosen, as the voter
     * saw it. When sent, a vote on options edited since is refused (409) instead of landing on another one.
     */
    option_text: z
      .string({ error: POLL_MESSAGES.optionOutOfRange })
      .max(POLL_LIMITS.optionMax * 2, POLL_MESSAGES.optionOutOfRange)
      .nullish(),
  }),
);
export type VoteBody = z.input<typeof voteBody>;

export const pollVoteSchema = defineSchema(() =>
  z.object({
    player_id: z.number().int(),
    player_name: z.string(),
    option_text: z.string(),
    voter_name: z.string().nullable(),
    /** The option voted for, by index (added in issue 20: the screen marks the current choice). */
    option_index: z.number().int(),
    /**
     * The coach's or admin's name when one of them cast this vote for the player ('answered by {name}');
     * null when the player or their parent did. Whoever answers for the player may change it.
     */
    answered_by: z.string().nullable(),
  }),
);
export type PollVote = z.infer<typeof pollVoteSchema>;

export const pollSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    question: z.string(),
    options: z.array(z.string()),
    expires_at: z.string().nullable(),
    created_at: z.string(),
    author_id: z.number().int().nullable(),
    author_name: z.string().nullable(),
    total_votes: z.number().int(),
    /** Votes per option, by index. */
    vote_counts: z.array(z.number().int()),
    /** The option index of the caller's latest vote, or null. */
    user_vote: z.number().int().nullable(),
    /** The caller voted, or a player they may vote for has a vote. */
    has_voted: z.boolean(),
    /** The players the caller may vote for who already have a vote. */
    voted_player_ids: z.array(z.number().int()),
    is_archived: z.boolean(),
    /** Per-vote details: every vote for coaches and admins; otherwise the votes of the caller's own players. */
    user_votes: z.array(pollVoteSchema),
    /** The caller may edit and delete this poll: its author, still a coach, an admin or a holder of make_announcements. */
    can_manage: z.boolean(),
  }),
);
export type Poll = z.infer<typeof pollSchema>;

export const eligiblePlayerSchema = defineSchema(() => z.object({ id: z.number().int(), name: z.string() }));
export type EligiblePlayer = z.infer<typeof eligiblePlayerSchema>;

/** GET /api/messaging/polls/{teamId}: newest first, with the active players the caller may vote for. */
export const pollListSchema = defineSchema(() =>
  z.object({
    polls: z.array(pollSchema),
    eligible_players: z.array(eligiblePlayerSchema),
    /** The caller's role on the team ('admin' for a club admin): who is told they have no players to vote for. */
    role: z.enum(ROLES),
  }),
);
export type PollList = z.infer<typeof pollListSchema>;
