import { createPublicKey } from 'node:crypto';
import type { z } from 'zod';
import type { pushSubscriptionBody } from '../../../shared/api/notifications.ts';
import { PUSH_DEVICES_PER_USER, PUSH_MESSAGES } from '../../../shared/push.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest } from '../../http-error.ts';
import type { UserRow } from '../auth/queries.ts';
import { allowedPushEndpoint } from './endpoints.ts';
import * as queries from './queries.ts';
import type { VapidDetails } from './vapid.ts';

// The devices a signed-in user allowed to be pushed to (docs/product/notifications.md 'Web push'): the
// server's public key for the browser to subscribe with, and the browser's subscription kept or
// forgotten. Sending is channel.ts.

type SubscriptionBody = z.infer<typeof pushSubscriptionBody>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * Whether the keys are what RFC 8291 encrypts to: an uncompressed P-256 point on the curve (65 bytes)
 * and an authentication secret of 16 bytes or more.
 */
export function validPushKeys(keys: { p256dh: string; auth: string }): boolean {
  if (!BASE64URL.test(keys.p256dh) || !BASE64URL.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  if (Buffer.from(keys.auth, 'base64url').length < 16) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

export function createPushService({
  db,
  config,
  vapid,
}: {
  db: Db;
  config: Pick<Config, 'PUSH_ENDPOINT_ALLOW'>;
  vapid: () => Promise<VapidDetails>;
}) {
  return {
    async publicKey(): Promise<{ public_key: string }> {
      return { public_key: (await vapid()).publicKey };
    },

    /** Keeps the caller's subscription (new: created true); a known endpoint moves to the caller. */
    async subscribe(user: UserRow, body: SubscriptionBody): Promise<{ created: boolean }> {
      if (!allowedPushEndpoint(body.endpoint, config.PUSH_ENDPOINT_ALLOW)) {
        throw badRequest(PUSH_MESSAGES.unsupportedService);
      }
      if (!validPushKeys(body.keys)) throw badRequest(PUSH_MESSAGES.badKeys);
      return db.transaction(async (tx) => {
        const kept = await queries.upsertSubscription(tx, user.id, {
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
        });
        await queries.keepNewest(tx, user.id, PUSH_DEVICES_PER_USER);
        return kept;
      });
    },

    /** Forgets the caller's subscription of the endpoint; one that is not the caller's stays. */
    async unsubscribe(user: UserRow, endpoint: string): Promise<void> {
      await queries.deleteSubscription(db, user.id, endpoint);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
