import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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

const driverError = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });

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
});
