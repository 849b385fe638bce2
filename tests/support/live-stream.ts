import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { LiveChange } from '../../src/shared/conversations.ts';
import { queryRows, type TestApp } from './test-app.ts';

// Reading GET /api/messaging/stream as a page does: fetch with the bearer token, the body read as it
// arrives, split into server-sent events.

export interface StreamEvent {
  event: string;
  data: string;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next event that matches, or an error after `ms`. */
  next(match?: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** Every event received so far (ready included). */
  events: StreamEvent[];
  /** Resolves when the stream ends (the server ended it, or close()). */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens the stream on its own connection (node:http without an agent: fetch's pool opens a spare
 * connection after an abort, which then holds up the server's close).
 */
export async function openStream(baseUrl: string, teamId: number, token?: string): Promise<OpenStream> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(
        `${baseUrl}/api/messaging/stream?team_id=${teamId}`,
        { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} },
        resolve,
      )
      .on('error', reject);
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let finished = false;
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    waiters.forEach((wake) => wake());
  });
  const ended = new Promise<void>((resolve) => {
    response.on('close', () => {
      finished = true;
      waiters.forEach((wake) => wake());
      resolve();
    });
  });
  let read = 0;
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    ended,
    close: () => response.destroy(),
    next(match = () => true, ms = 1_000) {
      return new Promise<StreamEvent>((resolve, reject) => {
        const check = () => {
          while (read < events.length) {
            const candidate = events[read] as StreamEvent;
            read += 1;
            if (match(candidate)) {
              done();
              resolve(candidate);
              return;
            }
          }
          if (finished) {
            done();
            reject(new Error('the stream ended'));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching event within ${ms} ms`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

export const isChange =
  (expected: Partial<LiveChange>) =>
  (event: StreamEvent): boolean => {
    if (event.event !== 'change') return false;
    const change = JSON.parse(event.data) as LiveChange;
    return Object.entries(expected).every(([key, value]) => change[key as keyof LiveChange] === value);
  };

/** A conversation of the team with these participants, straight in SQL; returns its id. */
export async function insertConversation(t: Pick<TestApp, 'db'>, teamId: number, userIds: number[]) {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into conversations (team_id, name, created_by) values (${teamId}, 'Live test', ${userIds[0]}) returning id`,
  );
  const id = row?.id as number;
  await t.db.execute(
    sql`insert into conversation_participants (conversation_id, team_id, user_id)
        select ${id}, ${teamId}, u from unnest(${`{${userIds.join(',')}}`}::int[]) u`,
  );
  return id;
}

/** A message in the conversation, straight in SQL (the same triggers as the API's insert). */
export async function insertMessage(
  t: Pick<TestApp, 'db'>,
  teamId: number,
  conversationId: number,
  senderId: number,
  content = 'See you at the field',
) {
  await t.db.execute(
    sql`insert into messages (conversation_id, team_id, sender_id, content)
        values (${conversationId}, ${teamId}, ${senderId}, ${content})`,
  );
}
