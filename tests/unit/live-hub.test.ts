import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveHub, MAX_STREAMS_PER_USER, parseNotification } from '../../src/server/features/live/hub.ts';

// The hub's fan-out (docs/decisions/021) without sockets: who is written to for each notification.

class FakeResponse extends EventEmitter {
  written: string[] = [];
  writableEnded = false;
  destroyed = false;
  writableLength = 0;
  write(chunk: string) {
    this.written.push(chunk);
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

const hubs: LiveHub[] = [];
afterEach(() => hubs.splice(0).forEach((hub) => hub.stop()));

function hubWith(...streams: [teamId: number, userId: number][]) {
  const hub = new LiveHub();
  hubs.push(hub);
  hub.setLive(true);
  const responses = streams.map(([teamId, userId]) => {
    const response = new FakeResponse();
    hub.add({ teamId, userId, response: response as unknown as ServerResponse, endsAt: Infinity });
    return response;
  });
  return { hub, responses };
}

const changes = (response: FakeResponse) =>
  response.written.map((frame) => JSON.parse(frame.replace(/^event: change\ndata: /, '').trim()));

describe('the live hub', () => {
  it('reads the triggers’ payloads into changes, and ignores what it does not know', () => {
    expect(parseNotification('{"t":3,"k":"m","c":9,"u":[1,2]}')).toEqual({
      change: { team_id: 3, topic: 'messages', conversation_id: 9 },
      users: [1, 2],
    });
    expect(parseNotification('{"t":3,"k":"r","c":9,"u":[1]}')?.change.topic).toBe('conversations');
    expect(parseNotification('{"t":3,"k":"a","c":null,"u":null}')).toEqual({
      change: { team_id: 3, topic: 'announcements' },
    });
    expect(parseNotification('{"t":3,"k":"x"}')).toBeUndefined();
    expect(parseNotification('not json')).toBeUndefined();
  });

  it('writes to the listed users of the team only; without a list to every stream of the team', () => {
    const { hub, responses } = hubWith([1, 10], [1, 11], [1, 12], [2, 10]);
    const [ten, eleven, twelve, otherTeam] = responses as FakeResponse[];
    hub.deliver('{"t":1,"k":"m","c":5,"u":[10,12]}');
    expect(changes(ten as FakeResponse)).toEqual([{ team_id: 1, topic: 'messages', conversation_id: 5 }]);
    expect(eleven?.written).toEqual([]);
    expect(twelve?.written).toHaveLength(1);
    expect(otherTeam?.written).toEqual([]);

    // A participant list too long for NOTIFY is left out: every stream of the team is told.
    hub.deliver('{"t":1,"k":"m","c":6}');
    expect(eleven?.written).toHaveLength(1);
    expect(otherTeam?.written).toEqual([]);

    // A long list is looked up as a set.
    const many = Array.from({ length: 200 }, (_, i) => i + 100).concat(11);
    hub.deliver(JSON.stringify({ t: 1, k: 'c', c: 7, u: many }));
    expect(eleven?.written).toHaveLength(2);
    expect(ten?.written).toHaveLength(2);
  });

  it('ends every stream when listening is lost, and the oldest past the per-account limit', () => {
    const { hub, responses } = hubWith(
      ...Array.from({ length: MAX_STREAMS_PER_USER + 1 }, () => [1, 10] as [number, number]),
    );
    expect(responses[0]?.writableEnded).toBe(true);
    expect(responses.slice(1).every((r) => !r.writableEnded)).toBe(true);
    expect(hub.size).toBe(MAX_STREAMS_PER_USER);
    hub.setLive(false);
    expect(responses.every((r) => r.writableEnded)).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('drops a client that leaves too much unread', () => {
    const { hub, responses } = hubWith([1, 10]);
    const slow = responses[0] as FakeResponse;
    slow.writableLength = 1024 * 1024;
    hub.deliver('{"t":1,"k":"a"}');
    // Destroyed, not ended: an orderly end would wait behind what the client never reads.
    expect(slow.destroyed).toBe(true);
    expect(slow.writableEnded).toBe(false);
    expect(hub.size).toBe(0);
  });
});
