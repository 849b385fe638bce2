import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_PRIORITIES,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  RELATED_EVENT_TYPES,
} from '../announcements.ts';
import { blankOrNumber, blankToNull, textError } from './fields.ts';

// Request and response shapes of /api/messaging/announcements (docs/product/announcements.md).

const MAX_ID = 2_147_483_647;

/** Required text: a missing or blank title or content is 'Please fill in title and content.' */
const requiredText = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? ANNOUNCEMENT_MESSAGES.fillTitleAndContent
          : `${label} must be text`,
    })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.fillTitleAndContent)
    .max(max, `${label} must be no more than ${max} characters`);

const flag = (label: string, fallback: boolean) =>
  z
    .boolean({ error: `${label} must be true or false` })
    .nullish()
    .transform((v) => v ?? fallback);

/** POST /api/messaging/announcements?team_id= and PUT /api/messaging/announcements/{id}. */
export const announcementBody = defineSchema(() =>
  z
    .object({
      title: requiredText('Title', ANNOUNCEMENT_LIMITS.titleMax),
      content: requiredText('Content', ANNOUNCEMENT_LIMITS.contentMax),
      priority: z
        .enum(ANNOUNCEMENT_PRIORITIES, {
          error: `Priority must be one of: ${ANNOUNCEMENT_PRIORITIES.join(', ')}`,
        })
        .nullish()
        .transform((v) => v ?? DEFAULT_ANNOUNCEMENT_PRIORITY),
      allow_comments: flag('Allow comments', true),
      related_event_type: z.preprocess(
        blankToNull,
        z
          .enum(RELATED_EVENT_TYPES, {
            error: `Related event type must be one of: ${RELATED_EVENT_TYPES.join(', ')}`,
          })
          .nullable(),
      ),
      related_event_id: z.preprocess(
        blankOrNumber,
        z
          .number({ error: 'Related event id must be a number' })
          .int('Related event id must be a whole number')
          .min(1, 'Related event id must be a positive number')
          .max(MAX_ID, 'Related event id is out of range')
          .nullable(),
      ),
      expires_at: z.preprocess(
        blankToNull,
        z.iso.datetime({ offset: true, error: 'Expiry must be a date and time (ISO 8601)' }).nullable(),
      ),
      post_to_groupme: flag('Post to group chat', false),
    })
    .superRefine((body, ctx) => {
      if ((body.related_event_type === null) !== (body.related_event_id === null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['related_event_id'],
          message: 'Related event needs both a type and an id',
        });
      }
    }),
);
export type AnnouncementBody = z.input<typeof announcementBody>;
export type AnnouncementInput = z.output<typeof announcementBody>;

/** POST /api/messaging/announcements/{id}/comments; announcement_id is accepted and the path's id used. */
export const commentBody = defineSchema(() =>
  z.object({
    content: z
      .string({ error: textError('Comment') })
      .trim()
      .min(1, 'Comment is required')
      .max(
        ANNOUNCEMENT_LIMITS.commentMax,
        `Comment must be no more than ${ANNOUNCEMENT_LIMITS.commentMax} characters`,
      ),
    announcement_id: z.unknown().optional(),
  }),
);

/** An author as the reader may see them: email only where the roster would show it (docs/decisions/018). */
export const announcementAuthorSchema = defineSchema(() =>
  z.object({ name: z.string(), email: z.string().nullable() }),
);
export type AnnouncementAuthor = z.infer<typeof announcementAuthorSchema>;

export const announcementCommentSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    author_id: z.number().int().nullable(),
    author: announcementAuthorSchema.nullable(),
    content: z.string(),
    created_at: z.string(),
  }),
);
export type AnnouncementComment = z.infer<typeof announcementCommentSchema>;

export const announcementSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    title: z.string(),
    content: z.string(),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES),
    author_id: z.number().int().nullable(),
    author: announcementAuthorSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string().nullable(),
    is_archived: z.boolean(),
    allow_comments: z.boolean(),
    comments: z.array(announcementCommentSchema),
    event_info: z.object({ title: z.string(), date: z.string().nullable() }).nullable(),
    related_event_type: z.enum(RELATED_EVENT_TYPES).nullable(),
    related_event_id: z.number().int().nullable(),
    post_to_groupme: z.boolean(),
  }),
);
export type Announcement = z.infer<typeof announcementSchema>;

export const chatPostErrorSchema = defineSchema(() =>
  z.object({
    last_error: z.string().nullable(),
    at: z.string().nullable(),
  }),
);
export type ChatPostError = z.infer<typeof chatPostErrorSchema>;
