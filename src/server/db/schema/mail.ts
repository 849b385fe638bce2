import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Durable queue of emails: a row is kept until an SMTP server (or the file transport) accepted it.
 * A row keeps what the email is about (template and params, links as paths on the app); the sender
 * renders it with its own PUBLIC_URL when it sends (mail/templates.ts). Rows queued before templates
 * hold the rendered subject and bodies instead, and are sent as they are.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    template: text('template'),
    params: jsonb('params'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender that claimed the row holds it until then; a crashed sender's claim runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** When the row was done with: sent, or found needless (skipped says why). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why it was not sent after all (a verification link for an address verified meanwhile). */
    skipped: text('skipped'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    check(
      'email_outbox_content_check',
      sql`(${t.template} is not null and ${t.params} is not null) or (${t.subject} is not null and ${t.textBody} is not null)`,
    ),
  ],
);
