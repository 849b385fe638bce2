import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../shared/api/auth.ts';
import type { Db } from '../db/connect.ts';
import { countHit } from '../db/rate-counter.ts';
import { HttpError } from '../http-error.ts';

// Rate-limit counters live in the database, so every app process behind a load balancer sees the same
// counts. The library decides and formats; this store only counts.

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

function databaseStore(db: Db) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      countHit(db, key, timeWindow)
        .then((hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }))
        .catch((error: unknown) => callback(error as Error));
    }

    child() {
      return this;
    }
  };
}

export interface LimitRule {
  /** Names the counter, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMinutes: number;
  /** The part of the request counted: its address, or the account it is about. Undefined skips the rule. */
  key: (request: FastifyRequest) => string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 429 {detail} once any of the rules is over its limit. */
    limitBy(rules: LimitRule[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  await app.register(rateLimit, { global: false, store: databaseStore(options.db) });

  app.decorate('limitBy', (rules: LimitRule[]) => {
    const limiters = rules.map((rule) => ({
      rule,
      check: app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMinutes * 60_000,
        keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
      }),
    }));
    return async (request: FastifyRequest, reply: FastifyReply) => {
      for (const { rule, check } of limiters) {
        if (rule.key(request) === undefined) continue;
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
          reply.header('Retry-After', String(result.ttlInSeconds));
          throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts(minutes));
        }
      }
    };
  });
});

/** Removes counters whose window ended long ago. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 day'`);
}
