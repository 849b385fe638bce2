import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS } from '../notifications.ts';
import { numberFromText } from './fields.ts';

// Request and response shapes of /api/notifications (docs/product/notifications.md 'API').

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The screen it is about: an address inside the app ('/#tournaments?section=practices&practiceId=4'). */
  link: z.string(),
  team_id: z.number().int(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?limit=: newest first. */
export const notificationListQuery = z.object({
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
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read. Ids that are not the caller's are ignored. */
export const markReadBody = z.object({
  ids: z
    .array(z.number({ error: 'ids must be notification ids (numbers)' }).int().positive(), {
      error: 'ids must be a list of notification ids',
    })
    .min(1, 'ids must name at least one notification')
    .max(
      NOTIFICATION_LIMITS.markReadMax,
      `ids may name at most ${NOTIFICATION_LIMITS.markReadMax} notifications`,
    ),
});

/** What both 'read' and 'read-all' answer: the unread count left, for the badge. */
export const unreadCountAnswer = z.object({ unread_count: z.number().int() });
