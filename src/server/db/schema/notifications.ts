import { desc, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { RSVP_EVENT_TYPES } from '../../../shared/rsvp.ts';
import { EMAIL_MODES, NOTIFICATION_KINDS } from '../../../shared/notifications.ts';
import { ownerUserId, users } from './auth.ts';
import { createdAt, oneOf } from './columns.ts';
import { ownerTeamId } from './teams.ts';

// Notifications and how they travel (docs/decisions/042, 043): the bell's rows, each user's
// preferences, the delivery outbox (email and push, claimed with SKIP LOCKED), the browsers that may be
// pushed to, the scheduler's due jobs and the RSVP reminders sent.

/**
 * What the bell lists: one row per person told (docs/decisions/042). Written in the transaction of
 * the change it tells of, so a change and its notifications exist together or not at all.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerUserId(),
    teamId: ownerTeamId(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    /** The user who made the change: never told of it (kept for the audit of who caused what). */
    actorId: integer('actor_id'),
    /**
     * When the event it is about starts, if it is about one: a change or cancellation on that day is
     * not held back by quiet hours, and a reminder's answer links expire then.
     */
    eventStartsAt: timestamp('event_starts_at', { withTimezone: true }),
    /** The event it is about (RSVP answer links in its email), if any. */
    eventType: text('event_type', { enum: RSVP_EVENT_TYPES }),
    eventId: integer('event_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, desc(t.id)),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_event_type_check', oneOf(t.eventType, RSVP_EVENT_TYPES)),
  ],
);

/** A user's choice for one kind; a kind without a row follows its default (shared/notifications.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: ownerUserId(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    email: text('email', { enum: EMAIL_MODES }).notNull(),
    push: boolean('push').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    check('notification_preferences_email_check', oneOf(t.email, EMAIL_MODES)),
  ],
);

/** A user's quiet hours and digest hour; no row: the defaults (21:00-07:00, 18:00). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'HH:MM' in the team's time zone; both null: no quiet hours. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    digestHour: smallint('digest_hour').notNull(),
  },
  (t) => [
    check('notification_settings_digest_hour_check', sql`${t.digestHour} between 0 and 23`),
    check('notification_settings_quiet_check', sql`(${t.quietStart} is null) = (${t.quietEnd} is null)`),
  ],
);

export const DELIVERY_CHANNELS = ['email', 'push'] as const;
/** What became of a delivery once done with. */
export const DELIVERY_OUTCOMES = ['sent', 'digest', 'off', 'coalesced', 'no_device', 'unverified'] as const;

/**
 * The delivery outbox (docs/decisions/043): one row per notification and channel, written with the
 * notification. A sender claims due rows (SKIP LOCKED), applies the user's preferences, quiet hours
 * and budget, and marks each done once: a user never gets the same notification twice on a channel.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    outcome: text('outcome', { enum: DELIVERY_OUTCOMES }),
    /** For outcome 'digest': when the digest that listed it was queued. */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_key').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    index('notification_deliveries_user_idx').on(t.userId, t.channel, t.sentAt),
    index('notification_deliveries_digest_idx')
      .on(t.userId)
      .where(sql`${t.outcome} = 'digest' and ${t.digestedAt} is null`),
    check('notification_deliveries_channel_check', oneOf(t.channel, DELIVERY_CHANNELS)),
    check('notification_deliveries_outcome_check', oneOf(t.outcome, DELIVERY_OUTCOMES)),
  ],
);

/** A browser that allowed push (docs/decisions/043): the Push API's subscription, per device. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerUserId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The scheduler (docs/decisions/043): work due at a time, claimed by one app process (SKIP LOCKED), done
 * once. `job` names the handler, `key` makes a job unique (a reminder per event, a digest per user and
 * day), so queuing it twice, or after a restart, adds nothing.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    job: text('job').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scheduled_jobs_key').on(t.job, t.key),
    index('scheduled_jobs_due_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * RSVP reminders sent: the automatic one once per event, a coach's at most once per event every six
 * hours (shared/notifications.ts NOTIFICATION_LIMITS.remindEveryHours).
 */
export const rsvpReminders = pgTable(
  'rsvp_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    eventType: text('event_type', { enum: RSVP_EVENT_TYPES }).notNull(),
    eventId: integer('event_id').notNull(),
    /** Null for the automatic reminder; otherwise the coach (or moderator) who asked. */
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    automatic: boolean('automatic').notNull(),
    /** How many people it reached. */
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rsvp_reminders_automatic_key')
      .on(t.eventType, t.eventId)
      .where(sql`${t.automatic}`),
    index('rsvp_reminders_event_idx').on(t.teamId, t.eventType, t.eventId, desc(t.createdAt)),
    check('rsvp_reminders_event_type_check', oneOf(t.eventType, RSVP_EVENT_TYPES)),
  ],
);
