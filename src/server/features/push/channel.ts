import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { allowedPushEndpoint } from './endpoints.ts';
import * as queries from './queries.ts';
import { loadWebPush, vapidDetailsLoader, type VapidDetails } from './vapid.ts';

// The push channel (docs/product/notifications.md 'Web push'; docs/decisions/043): what the
// notification sender calls to push one message to every device of a user. Each request is signed with
// the server's VAPID key (RFC 8292) and its payload encrypted for the device (RFC 8291, aes128gcm) by
// web-push; the request itself is sent here, so that it has a deadline, follows no redirect, and may
// reach the http push service a test names in PUSH_ENDPOINT_ALLOW.

export interface PushMessage {
  title: string;
  body: string;
  /** The screen it opens: an address inside the app ('/#tournaments?section=practices&practiceId=4'). */
  link: string;
  /**
   * Names the notification on the device: a second push with the same tag replaces the first instead
   * of showing twice (a retried delivery, an event changed again). Up to 32 letters, digits, '-' and '_'
   * also name it at the push service (its Topic), which then keeps only the newest undelivered one.
   */
  tag?: string;
  /** 'high' for what matters within the hour (a change today); by default 'normal'. */
  urgency?: 'normal' | 'high';
}

export interface PushResult {
  /** Devices the push service accepted the message for. */
  delivered: number;
  /** Subscriptions removed because their push service said they are gone (404, 410). */
  removed: number;
}

/**
 * A push service failed for at least one device (5xx, 429, another 4xx, no answer in time, no
 * connection). The devices that took it are in `delivered`; a retry sends to all again, and the tag
 * keeps a device that already has it from showing it twice.
 */
export class PushSendError extends Error {
  constructor(
    message: string,
    /** False when no failure was a 5xx, a 429 or a connection's: the service will refuse the same request again. */
    readonly retryable: boolean,
    readonly delivered: number,
  ) {
    super(message);
    this.name = 'PushSendError';
  }
}

export interface PushChannel {
  /**
   * Pushes the message to each of the user's devices. Resolves with how many took it (0 for a user
   * with no device); rejects with a PushSendError when a push service failed otherwise.
   */
  send(userId: number, message: PushMessage): Promise<PushResult>;
}

/** How long the push service keeps a message for a device that is offline: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A request's deadline, answer included. */
export const PUSH_TIMEOUT_MS = 10_000;
/**
 * The payload's JSON at most: a push message carries 4096 bytes, less the encryption's header and tag
 * (RFC 8291 section 4); a longer body is shortened.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
const TITLE_MAX_CHARS = 200;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

const clip = (text: string, chars: number): string => {
  const points = [...text];
  return points.length <= chars ? text : `${points.slice(0, Math.max(0, chars - 1)).join('')}…`;
};

/** The JSON a device's service worker reads: {title, body, link, tag}, within PUSH_PAYLOAD_MAX_BYTES. */
export function pushPayload(message: PushMessage): string {
  const title = clip(message.title, TITLE_MAX_CHARS);
  const json = (body: string) =>
    JSON.stringify({ title, body, link: message.link, ...(message.tag ? { tag: message.tag } : {}) });
  let body = message.body;
  let payload = json(body);
  while (Buffer.byteLength(payload) > PUSH_PAYLOAD_MAX_BYTES && body !== '') {
    const over = Buffer.byteLength(payload) - PUSH_PAYLOAD_MAX_BYTES;
    const length = [...body].length;
    body = length <= 1 ? '' : clip(body, Math.max(1, length - Math.max(over, 2)));
    payload = json(body);
  }
  return payload;
}

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'gone'; endpoint: string }
  | { kind: 'skipped' }
  | { kind: 'failed'; reason: string; retryable: boolean };

/**
 * A VAPID subject at a host that does not exist outside this machine ('mailto:no-reply@localhost', the
 * default MAIL_FROM's): Apple's push service refuses every push signed with one (403 BadJwtToken).
 */
export function localVapidSubject(subject: string): boolean {
  let host = subject.split('@').at(-1) ?? '';
  if (!subject.startsWith('mailto:')) {
    try {
      host = new URL(subject).hostname;
    } catch {
      return true;
    }
  }
  return /(^|\.)(localhost|local|invalid|test|example|internal)\.?$/i.test(host) || !host.includes('.');
}

export interface PushChannelDeps {
  db: Db;
  config: Pick<
    Config,
    'PUSH_ENDPOINT_ALLOW' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'
  >;
  log?: { warn(object: object, message: string): void };
  /** The server's VAPID details; by default read as vapid.ts does (the feature hands its own). */
  vapid?: () => Promise<VapidDetails>;
  /** A request's deadline (tests shorten it). */
  timeoutMs?: number;
}

export function createPushChannel({
  db,
  config,
  log,
  vapid = vapidDetailsLoader(db, config),
  timeoutMs = PUSH_TIMEOUT_MS,
}: PushChannelDeps): PushChannel {
  let subjectChecked = false;
  const checkSubject = (subject: string) => {
    if (subjectChecked) return;
    subjectChecked = true;
    if (localVapidSubject(subject)) {
      log?.warn(
        { subject },
        "push: the VAPID subject is not a real address; Apple's push service refuses such pushes (set VAPID_SUBJECT)",
      );
    }
  };

  async function sendOne(
    subscription: queries.PushSubscriptionRow,
    payload: string,
    message: PushMessage,
    details: VapidDetails,
  ): Promise<Outcome> {
    // The allow-list again: PUSH_ENDPOINT_ALLOW may have lost the host since the device subscribed. The
    // subscription is kept (the setting may come back) but not sent to.
    const url = allowedPushEndpoint(subscription.endpoint, config.PUSH_ENDPOINT_ALLOW);
    if (!url) {
      log?.warn(
        { subscriptionId: subscription.id, userId: subscription.userId },
        'push: not sent to a subscription whose push service is no longer allowed',
      );
      return { kind: 'skipped' };
    }
    const webPush = await loadWebPush();
    const request = webPush.generateRequestDetails(
      { endpoint: url.href, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: details,
        TTL: PUSH_TTL_SECONDS,
        urgency: message.urgency ?? 'normal',
        contentEncoding: 'aes128gcm',
        ...(message.tag && TOPIC.test(message.tag) ? { topic: message.tag } : {}),
      },
    );
    // fetch counts the body itself.
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const where = url.host;
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return {
        kind: 'failed',
        reason: timedOut
          ? `${where} did not answer within ${timeoutMs / 1000} s`
          : `${where} could not be reached (${error instanceof Error ? error.message : String(error)}${cause})`,
        retryable: true,
      };
    }
    if (response.ok) {
      await response.body?.cancel().catch(() => {});
      return { kind: 'delivered' };
    }
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel().catch(() => {});
      return { kind: 'gone', endpoint: subscription.endpoint };
    }
    const said = await response.text().then(
      (text) => text.slice(0, 200),
      () => '',
    );
    return {
      kind: 'failed',
      reason: `${where} answered ${response.status}${said ? ` ${said}` : ''}`,
      retryable: response.status >= 500 || response.status === 429,
    };
  }

  return {
    async send(userId, message) {
      const subscriptions = await queries.subscriptionsOf(db, userId);
      if (subscriptions.length === 0) return { delivered: 0, removed: 0 };
      const details = await vapid();
      checkSubject(details.subject);
      const payload = pushPayload(message);
      const outcomes = await Promise.all(
        subscriptions.map((subscription) =>
          sendOne(subscription, payload, message, details).catch((error: unknown): Outcome => ({
            // The subscription's keys could not be encrypted to (web-push refused them).
            kind: 'failed',
            reason: error instanceof Error ? error.message : String(error),
            retryable: false,
          })),
        ),
      );
      const gone = outcomes.flatMap((outcome) => (outcome.kind === 'gone' ? [outcome.endpoint] : []));
      await queries.deleteEndpoints(db, gone);
      const delivered = outcomes.filter((outcome) => outcome.kind === 'delivered').length;
      const failed = outcomes.flatMap((outcome) => (outcome.kind === 'failed' ? [outcome] : []));
      if (failed.length > 0) {
        throw new PushSendError(
          `Push failed for ${failed.length} of ${subscriptions.length} devices: ${failed.map((f) => f.reason).join('; ')}`,
          failed.some((f) => f.retryable),
          delivered,
        );
      }
      return { delivered, removed: gone.length };
    },
  };
}
