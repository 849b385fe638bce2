import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fromDatabase } from '../../src/server/db/errors.ts';
import { notFound } from '../../src/server/http-error.ts';
import { errorsPlugin } from '../../src/server/plugins/errors.ts';

// Database errors that come from the moment, not from the request or our code, answer 503 with a
// detail and Retry-After instead of a 500 (two RSVPs for overlapping players, say).

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/boom', () => {
    throw error;
  });
  return app;
}

/** A failed query as Drizzle raises it: the driver's error (with its code) as the cause. */
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
const driverError = (code: string, message = 'db') =>
  failedQuery(Object.assign(new Error(message), { code }));
const DATABASE_DOWN = 'The database is not reachable right now. Please try again in a moment.';

describe('error answers', () => {
  it.each(['40P01', '40001'])(
    'answers %s (deadlock, serialization) with 503 and Retry-After',
    async (code) => {
      const app = await appThrowing(driverError(code));
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({
        detail: 'Another change was being saved at the same moment. Please try again.',
      });
    },
  );

  it('still answers an unknown database error with 500 and a detail', async () => {
    const app = await appThrowing(driverError('XX000'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toHaveProperty('detail');
  });

  it.each([
    ['a refused connection', driverError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a connection failure (08006)', driverError('08006')],
    ['a shutdown (57P01)', driverError('57P01')],
    ['a dropped connection', failedQuery(new Error('Connection terminated unexpectedly'))],
    [
      'a transaction that could not connect (marked by the pool)',
      fromDatabase(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ],
  ])('answers %s from the database 503 with Retry-After', async (_what, error) => {
    const response = await (await appThrowing(error)).inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: DATABASE_DOWN });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['a reset of the request stream', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a broken pipe of another library', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a SQLSTATE-looking code of another library', Object.assign(new Error('odd'), { code: '22P02' })],
    ['a protocol violation (08P01): a bug of ours', driverError('08P01')],
  ])('answers %s 500, not as the database down', async (_what, error) => {
    const response = await (await appThrowing(error)).inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Something went wrong on our side. Please try again.' });
  });

  it('answers a pool whose connections were all busy 503 "busy", not "not reachable"', async () => {
    const waited = fromDatabase(new Error('timeout exceeded when trying to connect'));
    for (const error of [waited, failedQuery(waited)]) {
      const response = await (await appThrowing(error)).inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'The server is busy right now. Please try again in a moment.',
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('answers a refusal of ours as it is, whatever else the error holds', async () => {
    const refusal = Object.assign(notFound('Team not found'), { code: 'ECONNRESET' });
    const response = await (await appThrowing(refusal)).inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Team not found' });
  });
});
