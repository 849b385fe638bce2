import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import type { TestApp } from './test-app.ts';

// Dates relative to today in the teams' time zone (the test app's TEAM_TIME_ZONE is the default), and
// a count of the statements a request sends, for the events API tests.

export const ZONE = 'America/Chicago';

/** The calendar date `days` days from today in Chicago ('YYYY-MM-DD'). */
export const fromToday = (days: number): string => addDays(todayIn(ZONE), days);

/** Expects the status, then answers the JSON body. */
export function okJson<T = Record<string, unknown>>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** Expects a 4xx with exactly `{ detail }`. */
export function expectDetail(response: LightMyRequestResponse, status: number, detail: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ detail });
}

/**
 * The app's background senders and scheduler poll on their own (the outboxes, the notification
 * deliveries, the due jobs), in transactions of their own: any of their statements may fall inside a
 * request being counted.
 */
const BACKGROUND = /email_outbox|chat_post_outbox|notification_deliveries|scheduled_jobs/i;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;

/** The statements of the request itself: without the background work's, or any begin and commit. */
export const requestStatements = (statements: string[]): string[] =>
  statements.filter((s) => !BACKGROUND.test(s) && !TRANSACTION_CONTROL.test(s));

/**
 * Every statement the app sends while `run` runs. The background senders and the scheduler are paused
 * meanwhile (each after the work under way): a scheduled job's reads look like a request's, and on a
 * busy machine one fell inside a counted request now and then.
 */
export async function statementsDuring(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const background = [t.app.mailSender, t.app.chatPostSender, t.app.notificationSender, t.app.scheduler];
  await Promise.all(background.map((drainer) => drainer.pause()));
  const seen: string[] = [];
  const stop = t.app.database.onStatement((query) => seen.push(query));
  try {
    await run();
  } finally {
    stop();
    for (const drainer of background) drainer.resume();
  }
  return seen;
}
