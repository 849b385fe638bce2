import { describe, expect, it } from 'vitest';
import { OutboxDrainer } from '../../src/server/outbox-drainer.ts';

// pause() and resume() (what the API tests' statement counts use): nothing is claimed while paused, a
// start() that comes during the pause (the scheduler's, once its recurring rows are in) waits for the
// resume, and a drainer that was never started stays stopped.

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

function counting() {
  let claims = 0;
  const drainer = new OutboxDrainer<number>(
    {
      name: 'probe',
      claim: async () => {
        claims += 1;
        return undefined;
      },
      deliver: async () => undefined,
      sent: async () => undefined,
      failed: async () => undefined,
      describe: () => ({}),
    },
    5,
    silent,
  );
  return { drainer, claims: () => claims };
}

describe('OutboxDrainer pause and resume', () => {
  it('claims nothing while paused and polls again after resume', async () => {
    const { drainer, claims } = counting();
    drainer.start();
    await tick();
    expect(claims()).toBeGreaterThan(0);
    await drainer.pause();
    const atPause = claims();
    await tick();
    expect(claims()).toBe(atPause);
    drainer.resume();
    await tick();
    expect(claims()).toBeGreaterThan(atPause);
    await drainer.stop();
  });

  it('holds a start that comes during the pause until resume', async () => {
    const { drainer, claims } = counting();
    await drainer.pause();
    drainer.start();
    await tick();
    expect(claims()).toBe(0);
    drainer.resume();
    await tick();
    expect(claims()).toBeGreaterThan(0);
    await drainer.stop();
  });

  it('leaves a drainer that was never started stopped', async () => {
    const { drainer, claims } = counting();
    await drainer.pause();
    drainer.resume();
    await tick();
    expect(claims()).toBe(0);
  });
});
