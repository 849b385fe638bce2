import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KIND_INFO, type NotificationKind } from '../../../shared/notifications.ts';
import type { RsvpEventType, RsvpResponse } from '../../../shared/rsvp.ts';
import type { Db } from '../../db/connect.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { retryDelaySeconds } from '../../outbox-claims.ts';
import { OutboxDrainer } from '../../outbox-drainer.ts';
import { scheduleJob } from '../../scheduler.ts';
import {
  type LinkSigner,
  RSVP_ANSWER_PATH,
  signRsvpAnswer,
  signUnsubscribe,
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PATH,
} from '../auth/signed-links.ts';
import { coalescePushes, nextDigestAt, planEmail, planPush, type Plan } from './delivery-plan.ts';
import { loadPreferences } from './preferences-queries.ts';
import * as q from './sender-queries.ts';

// The notification sender (docs/decisions/043): claims due deliveries one at a time (SKIP LOCKED, so
// several app processes send each once), applies the person's preferences, quiet hours and budget as
// they are now, and then emails (by queuing to the email outbox in the transaction that marks the
// delivery done), gathers it for the digest, pushes to the person's devices, or waits.

/** What a push says; the service worker shows it and opens `link`. */
export interface PushMessage {
  title: string;
  body: string;
  link: string;
  tag?: string;
}

/** Web push to every device of a user; throws when a push service fails (tried again later). */
export interface PushChannel {
  send(userId: number, message: PushMessage): Promise<{ delivered: number }>;
}

/** The players a person answers for, for an event's answer buttons (the rsvp feature's rule). */
export type AnswerPlayers = (
  userId: number,
  event: { teamId: number; type: RsvpEventType; id: number },
) => Promise<{ playerId: number; name: string }[]>;

export interface NotificationSenderDeps {
  db: Db;
  links: LinkSigner;
  zone: string;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Tells the mail sender an email was queued. */
  mailQueued: () => void;
  push?: PushChannel;
  answerPlayers?: AnswerPlayers;
}

export const DIGEST_JOB = 'notification-digest';

/** A delivery is claimed for this long: longer than a push's time limit and the queries around it. */
const CLAIM_SECONDS = 60;

/** Kinds whose emails carry Going / Maybe / Can't go for each player the person answers for. */
const ANSWERABLE: readonly NotificationKind[] = ['rsvp_reminder', 'event_new', 'event_changed'];

export class NotificationSender extends OutboxDrainer<q.DeliveryRow> {
  constructor(deps: NotificationSenderDeps) {
    const { db, log } = deps;
    // How each delivery ended, for `sent`: the outcome to mark, or 'marked' when deliver() did.
    const ended = new WeakMap<q.DeliveryRow, q.DeliveryRow['outcome'] | 'marked'>();
    super(
      {
        name: 'notification',
        claim: () => q.claimDueDelivery(db, CLAIM_SECONDS),
        deliver: async (row) => {
          ended.set(row, await deliverOne(deps, row));
        },
        sent: async (row) => {
          const outcome = ended.get(row);
          if (outcome !== 'marked') await q.deliveryRules.markSent(db, row, { outcome: outcome ?? null });
        },
        failed: async (row, error) => {
          await q.deliveryRules.markFailed(
            db,
            row,
            error instanceof Error ? error.message : String(error),
            retryDelaySeconds(row.attempts),
          );
        },
        describe: (row) => ({ deliveryId: row.id, channel: row.channel, attempts: row.attempts }),
      },
      deps.pollMs,
      log,
    );
  }
}

/** Sends, gathers or defers one delivery; what it became, or 'marked' when it was marked here. */
async function deliverOne(
  deps: NotificationSenderDeps,
  row: q.DeliveryRow,
): Promise<q.DeliveryRow['outcome'] | 'marked'> {
  const { db } = deps;
  const context = await q.deliveryContext(db, row.notificationId);
  // Gone, or no longer the person's to see (they left the team while it waited).
  if (!context?.shown) return 'off';
  const preferences = await loadPreferences(db, row.userId);
  const now = new Date();
  const planned = {
    kind: context.notification.kind,
    eventStartsAt: context.notification.eventStartsAt,
  };
  const base = {
    preference: preferences.kinds[context.notification.kind],
    quiet: preferences.quietHours,
    zone: deps.zone,
    now,
  };

  if (row.channel === 'email') {
    // Nothing about a team goes to an address its owner never confirmed.
    if (!context.emailVerifiedAt) return 'unverified';
    const plan = planEmail(planned, { ...base, sentLastDay: await q.emailsSentLastDay(db, row.userId) });
    if (plan.action === 'off') return 'off';
    if (plan.action === 'defer') return defer(db, row, plan);
    if (plan.action === 'digest') {
      // Marked with its job, together: a digest that runs meanwhile either sees it or is not due yet.
      await db.transaction(async (tx) => {
        await scheduleDigest(tx, row.userId, preferences.digestHour, deps.zone, now);
        if (!(await q.deliveryRules.markSent(tx, row, { outcome: 'digest' }))) {
          throw new Error('The claim on this delivery ended before it was marked');
        }
      });
      return 'marked';
    }
    // Read before the transaction: on PGlite's one connection a read outside it would wait for it.
    const params = await notificationEmail(deps, context, now);
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, { to: context.email, template: 'notification', params });
      // Queued and marked together: if the claim was lost meanwhile, neither happens.
      if (!(await q.deliveryRules.markSent(tx, row, { outcome: 'sent' }))) {
        throw new Error('The claim on this delivery ended before it was marked');
      }
    });
    deps.mailQueued();
    return 'marked';
  }

  if (!deps.push) return 'no_device';
  const sentLastHour = await q.pushesSentLastHour(db, row.userId);
  const plan = planPush(planned, { ...base, sentLastHour });
  if (plan.action === 'off') return 'off';
  if (plan.action === 'defer') return defer(db, row, plan);
  if (plan.action !== 'send') return 'off';

  const others = coalescePushes(2, sentLastHour.length)
    ? await q.claimWaitingPushes(db, row.userId, row.id, CLAIM_SECONDS)
    : [];
  // When the hour has room for one more, everything waiting that may go now goes out as one; each of
  // the others is planned as itself (its kind's push turned off, quiet hours it may not skip).
  const about = new Map(
    (
      await q.notificationsByIds(
        db,
        others.map((other) => other.notificationId),
      )
    ).map((n) => [n.id, n]),
  );
  const joining: q.DeliveryRow[] = [];
  for (const other of others) {
    const n = about.get(other.notificationId);
    const otherPlan: Plan =
      n && n.shown
        ? planPush(
            { kind: n.kind, eventStartsAt: n.eventStartsAt },
            { ...base, preference: preferences.kinds[n.kind], sentLastHour },
          )
        : { action: 'off' };
    if (otherPlan.action === 'send') joining.push(other);
    else if (otherPlan.action === 'defer') await defer(db, other, otherPlan);
    else await q.deliveryRules.markSent(db, other, { outcome: 'off' });
  }
  if (joining.length === 0) {
    const delivered = await pushTo(deps.push, row.userId, {
      title: context.notification.title,
      body: context.notification.body,
      link: context.notification.link,
      tag: `notification-${context.notification.id}`,
    });
    return delivered > 0 ? 'sent' : 'no_device';
  }
  const listed = [
    { title: context.notification.title, teamName: context.teamName },
    ...joining.map((other) => about.get(other.notificationId)!),
  ];
  const teamNames = new Set(listed.map((item) => item.teamName));
  let delivered = 0;
  try {
    delivered = await pushTo(deps.push, row.userId, {
      title: `${listed.length} updates from ${teamNames.size === 1 ? context.teamName : 'your teams'}`,
      body: listed.map((item) => item.title).join('\n'),
      link: '/',
      tag: 'notification-updates',
    });
  } catch (error) {
    // The others wait for the next try too, as this one does.
    for (const other of joining) {
      await q.deliveryRules.markFailed(db, other, String(error), retryDelaySeconds(other.attempts));
    }
    throw error;
  }
  for (const other of joining) {
    await q.deliveryRules.markSent(db, other, { outcome: delivered > 0 ? 'coalesced' : 'no_device' });
  }
  return delivered > 0 ? 'sent' : 'no_device';
}

/**
 * Pushes to the user's devices; how many took it. A refusal that a retry would meet again (a push
 * service's 4xx, e.g. after the VAPID keys changed) is not retried: the devices that took it count.
 */
async function pushTo(push: PushChannel, userId: number, message: PushMessage): Promise<number> {
  try {
    return (await push.send(userId, message)).delivered;
  } catch (error) {
    const { retryable, delivered } = error as { retryable?: unknown; delivered?: unknown };
    if (retryable === false) return typeof delivered === 'number' ? delivered : 0;
    throw error;
  }
}

/** Puts a delivery back until `until` (quiet hours, or the hour's pushes spent), saying why. */
async function defer(db: Db, row: q.DeliveryRow, plan: Extract<Plan, { action: 'defer' }>) {
  const seconds = Math.max(1, Math.ceil((plan.until.getTime() - Date.now()) / 1000));
  await q.deliveryRules.markFailed(db, row, `waiting until ${plan.until.toISOString()}`, seconds);
  return 'marked' as const;
}

async function scheduleDigest(db: Db, userId: number, digestHour: number, zone: string, now: Date) {
  const dueAt = nextDigestAt(now, digestHour, zone);
  await scheduleJob(db, {
    job: DIGEST_JOB,
    key: `${userId}:${dueAt.toISOString()}`,
    dueAt,
    payload: { userId },
  });
}

const unsubscribeLinks = (links: LinkSigner, userId: number, kind: NotificationKind | 'digest') => {
  const token = signUnsubscribe(links, { userId, kind });
  return {
    unsubscribe: `${UNSUBSCRIBE_PATH}?token=${token}`,
    oneClickUnsubscribe: `${UNSUBSCRIBE_API_PATH}?token=${token}`,
  };
};

async function notificationEmail(deps: NotificationSenderDeps, context: q.DeliveryContext, now: Date) {
  const n = context.notification;
  return {
    name: context.name,
    teamName: context.teamName,
    title: n.title,
    body: n.body,
    link: n.link,
    kindLabel: NOTIFICATION_KIND_INFO[n.kind].label,
    answers: await answerButtons(deps, context, now),
    ...unsubscribeLinks(deps.links, n.userId, n.kind),
  };
}

/** Going / Maybe / Can't go for each player the person answers for, while the event is ahead. */
async function answerButtons(deps: NotificationSenderDeps, context: q.DeliveryContext, now: Date) {
  const n = context.notification;
  if (!deps.answerPlayers || !ANSWERABLE.includes(n.kind)) return [];
  if (!n.eventType || n.eventId === null || !n.eventStartsAt || n.eventStartsAt <= now) return [];
  const players = await deps.answerPlayers(n.userId, { teamId: n.teamId, type: n.eventType, id: n.eventId });
  const startsAt = n.eventStartsAt;
  return players.map(({ playerId, name }) => {
    const link = (response: RsvpResponse) =>
      `${RSVP_ANSWER_PATH}?token=${signRsvpAnswer(
        deps.links,
        { userId: n.userId, playerId, eventType: n.eventType!, eventId: n.eventId!, response },
        startsAt,
      )}`;
    return { player: name, yes: link('yes'), maybe: link('maybe'), no: link('no') };
  });
}

/** The digest job: emails what waited for the user's digest, once, then marks it listed. */
export function digestJob(deps: Pick<NotificationSenderDeps, 'db' | 'links' | 'mailQueued'>) {
  return async (payload: unknown) => {
    const { userId } = payload as { userId: number };
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await q.claimDigestItems(tx, userId);
      if (claimed.length === 0) return false;
      // What the person may no longer see (they left its team) is marked, not listed.
      const items = claimed.filter((item) => item.shown);
      const recipient = await q.recipientOf(tx, userId);
      if (recipient?.emailVerifiedAt && items.length > 0) {
        await enqueueEmail(tx, {
          to: recipient.email,
          template: 'notification-digest',
          params: {
            name: recipient.name,
            items: items.map(({ title, body, link }) => ({ title, body, link })),
            settings: '/',
            ...unsubscribeLinks(deps.links, userId, 'digest'),
          },
        });
      }
      await q.markDigested(
        tx,
        claimed.map((item) => item.deliveryId),
      );
      return Boolean(recipient?.emailVerifiedAt) && items.length > 0;
    });
    if (queued) deps.mailQueued();
  };
}
