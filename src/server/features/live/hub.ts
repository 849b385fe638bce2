import type { ServerResponse } from 'node:http';
import { LIVE_TOPICS, type LiveChange, type LiveTopic } from '../../../shared/conversations.ts';
import type { Database } from '../../db/connect.ts';

// Live updates (docs/product/conversations.md 'Live updates and polling', docs/decisions/021): one LISTEN
// per process on the channel that migration 0014's triggers NOTIFY at commit, fanned out to the
// server-sent-event streams of this process. A stream carries only what changed (team, topic,
// conversation id), never content: the page reads the change through the ordinary, permission-checked
// API.

export const LIVE_CHANNEL = 'club_live';

/** A comment line keeps proxies and phones from closing an idle stream. */
export const PING_MS = 25_000;
/** One account cannot hold more than this many streams in a process; the oldest is closed. */
export const MAX_STREAMS_PER_USER = 10;
/**
 * A stream is ended after about half an hour (the page reconnects at once): a token that expired or was
 * revoked, or a membership that ended, stops receiving changes within that time.
 */
const MAX_STREAM_MS = 30 * 60_000;
/** A client that does not read its stream is dropped rather than buffered without limit. */
const MAX_BUFFERED_BYTES = 64 * 1024;

const TOPIC_OF_KIND: Record<string, LiveTopic> = {
  m: 'messages',
  c: 'conversations',
  r: 'conversations',
  a: 'announcements',
  p: 'polls',
  n: 'notifications',
};

interface Notification {
  t: number;
  k: string;
  c?: number | null;
  u?: number[] | null;
}

export interface LiveStream {
  teamId: number;
  userId: number;
  response: ServerResponse;
  /** When the stream is due to be ended (Date.now() ms). */
  endsAt: number;
}

/** The change a notification names, or undefined when it is not one we know. */
export function parseNotification(payload: string): { change: LiveChange; users?: number[] } | undefined {
  let parsed: Notification;
  try {
    parsed = JSON.parse(payload) as Notification;
  } catch {
    return undefined;
  }
  const topic = TOPIC_OF_KIND[parsed.k];
  if (!topic || !LIVE_TOPICS.includes(topic) || !Number.isInteger(parsed.t)) return undefined;
  const change: LiveChange = { team_id: parsed.t, topic };
  if (typeof parsed.c === 'number') change.conversation_id = parsed.c;
  return Array.isArray(parsed.u) ? { change, users: parsed.u } : { change };
}

export class LiveHub {
  /** Listening: notifications arrive. While false no stream is opened and every open one was ended. */
  live = false;
  private readonly byTeam = new Map<number, Set<LiveStream>>();
  /** Each user's streams, oldest first. */
  private readonly byUser = new Map<number, LiveStream[]>();
  private ping: NodeJS.Timeout | undefined;

  get size(): number {
    let count = 0;
    for (const streams of this.byTeam.values()) count += streams.size;
    return count;
  }

  /** Starts holding the stream; its response has already had its headers and `ready` written. */
  add(stream: LiveStream): void {
    const own = this.byUser.get(stream.userId) ?? [];
    while (own.length >= MAX_STREAMS_PER_USER) {
      const oldest = own[0];
      if (!oldest) break;
      this.end(oldest);
    }
    own.push(stream);
    this.byUser.set(stream.userId, own);
    let team = this.byTeam.get(stream.teamId);
    if (!team) {
      team = new Set();
      this.byTeam.set(stream.teamId, team);
    }
    team.add(stream);
    stream.response.once('close', () => this.remove(stream));
    this.ping ??= setInterval(() => this.pingAll(), PING_MS).unref();
  }

  /** Ends the stream (the client reconnects) and forgets it. */
  end(stream: LiveStream): void {
    this.remove(stream);
    if (!stream.response.writableEnded) stream.response.end();
  }

  /** Ends every stream: the process is closing, or notifications may be missed. */
  endAll(): void {
    for (const streams of [...this.byTeam.values()]) for (const stream of [...streams]) this.end(stream);
  }

  setLive(live: boolean): void {
    this.live = live;
    // Pages whose stream ended poll again and reconnect, which waits for listening to be back.
    if (!live) this.endAll();
  }

  /** A NOTIFY payload from the database: written to the streams of its team that it concerns. */
  deliver(payload: string): void {
    const parsed = parseNotification(payload);
    if (!parsed) return;
    const frame = `event: change\ndata: ${JSON.stringify(parsed.change)}\n\n`;
    // A user's notifications are theirs whatever team their page shows: every stream of each user told.
    if (parsed.change.topic === 'notifications' && parsed.users) {
      for (const userId of parsed.users) {
        for (const stream of [...(this.byUser.get(userId) ?? [])]) this.write(stream, frame);
      }
      return;
    }
    const streams = this.byTeam.get(parsed.change.team_id);
    if (!streams) return;
    const users = parsed.users && parsed.users.length > 8 ? new Set(parsed.users) : parsed.users;
    for (const stream of [...streams]) {
      const concerned =
        users === undefined ||
        (Array.isArray(users) ? users.includes(stream.userId) : users.has(stream.userId));
      if (concerned) this.write(stream, frame);
    }
  }

  stop(): void {
    clearInterval(this.ping);
    this.ping = undefined;
    this.live = false;
    this.endAll();
  }

  private remove(stream: LiveStream): void {
    const team = this.byTeam.get(stream.teamId);
    if (team?.delete(stream) && team.size === 0) this.byTeam.delete(stream.teamId);
    const own = this.byUser.get(stream.userId);
    if (!own) return;
    const at = own.indexOf(stream);
    if (at >= 0) own.splice(at, 1);
    if (own.length === 0) this.byUser.delete(stream.userId);
    if (this.byTeam.size === 0) {
      clearInterval(this.ping);
      this.ping = undefined;
    }
  }

  private write(stream: LiveStream, frame: string): void {
    const { response } = stream;
    if (response.writableEnded || response.destroyed) return this.remove(stream);
    // A client that stopped reading would never take an orderly end either: its socket goes at once.
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      this.remove(stream);
      response.destroy();
      return;
    }
    response.write(frame);
  }

  private pingAll(): void {
    const now = Date.now();
    for (const streams of [...this.byTeam.values()]) {
      for (const stream of [...streams]) {
        if (now >= stream.endsAt) this.end(stream);
        else this.write(stream, ': ping\n\n');
      }
    }
  }
}

/** A stream's end time: about MAX_STREAM_MS from now, spread so that streams do not all reconnect at once. */
export function streamEndsAt(now = Date.now()): number {
  return now + MAX_STREAM_MS * (0.75 + Math.random() * 0.5);
}

/** Starts listening for the hub. Resolves to a stop function that also ends every stream. */
export async function startLiveHub(database: Database, hub: LiveHub): Promise<() => Promise<void>> {
  const stop = await database.listen(
    LIVE_CHANNEL,
    (payload) => hub.deliver(payload),
    (live) => hub.setLive(live),
  );
  return async () => {
    await stop();
    hub.stop();
  };
}
