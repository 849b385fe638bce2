import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import {
  EMAIL_MODES,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  UNSUBSCRIBE_TARGETS,
} from '../notifications.ts';
import { RSVP_EVENT_TYPES } from '../rsvp.ts';
import { numberFromText } from './fields.ts';

// Request and response shapes of /api/notifications (docs/product/notifications.md 'API').

export const notificationSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /** The screen it is about: an address inside the app ('/#tournaments?section=practices&practiceId=4'). */
    link: z.string(),
    team_id: z.number().int(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?limit=: newest first. */
export const notificationListQuery = defineSchema(() =>
  z.object({
    limit: z
      .preprocess(
        numberFromText,
        z
          .number({ error: 'limit must be a number' })
          .int('limit must be a whole number')
          .min(1, `limit must be between 1 and ${NOTIFICATION_LIMITS.listMax}`)
          .max(NOTIFICATION_LIMITS.listMax, `limit must be between 1 and ${NOTIFICATION_LIMITS.listMax}`),
      )
      .optional()
      .transform((v) => v ?? NOTIFICATION_LIMITS.listDefault),
  }),
);

export const notificationListSchema = defineSchema(() =>
  z.object({
    items: z.array(notificationSchema),
    unread_count: z.number().int(),
  }),
);
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read. Ids that are not the caller's are ignored. */
export const markReadBody = defineSchema(() =>
  z.object({
    ids: z
      .array(z.number({ error: 'ids must be notification ids (numbers)' }).int().positive(), {
        error: 'ids must be a list of notification ids',
      })
      .min(1, 'ids must name at least one notification')
      .max(
        NOTIFICATION_LIMITS.markReadMax,
        `ids may name at most ${NOTIFICATION_LIMITS.markReadMax} notifications`,
      ),
  }),
);

/** What both 'read' and 'read-all' answer: the unread count left, for the badge. */
export const unreadCountAnswer = defineSchema(() => z.object({ unread_count: z.number().int() }));

const clockTime = defineSchema(() =>
  z
    .string({ error: 'Quiet hours must be times like 21:00' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Quiet hours must be times like 21:00'),
);

/**
 * GET and PUT /api/notifications/preferences: every kind with its email and push choice, quiet hours
 * (null: none) and the digest hour, in the team's time zone. A PUT may name only some kinds; the
 * others keep what they were.
 */
export const kindPreferenceSchema = defineSchema(() =>
  z.object({
    kind: z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' }),
    email: z.enum(EMAIL_MODES, { error: 'Email must be now, digest or off' }),
    push: z.boolean({ error: 'Push must be true or false' }),
  }),
);

export const notificationPreferencesSchema = defineSchema(() =>
  z.object({
    kinds: z.array(kindPreferenceSchema),
    quiet_hours: z.object({ start: clockTime, end: clockTime }).nullable(),
    digest_hour: z
      .number({ error: 'The digest hour must be a number from 0 to 23' })
      .int('The digest hour must be a number from 0 to 23')
      .min(0, 'The digest hour must be a number from 0 to 23')
      .max(23, 'The digest hour must be a number from 0 to 23'),
  }),
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesBody = defineSchema(() =>
  notificationPreferencesSchema
    .partial()
    .refine(
      (body) => new Set((body.kinds ?? []).map((k) => k.kind)).size === (body.kinds ?? []).length,
      'Each kind may be named once',
    ),
);
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesBody>;

/**
 * POST /api/notifications/unsubscribe?token= (no sign-in; RFC 8058 one-click, or the unsubscribe
 * page's button): the kind whose emails the link's owner no longer gets.
 */
export const unsubscribeQuery = defineSchema(() => z.object({ token: z.string().max(2000).optional() }));
export const unsubscribeAnswer = defineSchema(() =>
  z.object({ kind: z.enum(UNSUBSCRIBE_TARGETS), label: z.string() }),
);
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

/** POST /api/team-rsvp/remind. */
export const remindBody = defineSchema(() =>
  z.object({
    event_type: z.enum(RSVP_EVENT_TYPES, { error: 'event_type must be game, tournament or practice' }),
    event_id: z.number({ error: 'event_id must be a number' }).int().positive(),
  }),
);
export const remindAnswer = defineSchema(() => z.object({ sent: z.number().int() }));

/** POST and DELETE /api/push/subscriptions: the browser's PushSubscription as JSON. */
export const pushSubscriptionBody = defineSchema(() =>
  z.object({
    endpoint: z.string({ error: 'endpoint is required' }).url('endpoint must be a URL').max(2000),
    keys: z.object(
      {
        p256dh: z.string({ error: 'keys.p256dh is required' }).min(1).max(200),
        auth: z.string({ error: 'keys.auth is required' }).min(1).max(100),
      },
      { error: 'keys is required' },
    ),
  }),
);
export const pushUnsubscribeBody = defineSchema(() =>
  z.object({
    endpoint: z.string({ error: 'endpoint is required' }).min(1).max(2000),
  }),
);
export const vapidPublicKeyAnswer = defineSchema(() => z.object({ public_key: z.string() }));
