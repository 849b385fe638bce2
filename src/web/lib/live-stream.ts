import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  LIVE_TOPICS,
  type LiveChange,
  type LiveTopic,
  MESSAGING_POLL_MS,
} from '../../shared/conversations.ts';
import { API_BASE } from './api-client.ts';
import { getToken } from './auth-token.ts';
import { setLiveTeam } from './live-status.ts';

// The live stream of the selected team (GET /api/messaging/stream, docs/decisions/021): server-sent
// events read with fetch, since EventSource cannot send the bearer token. Each change asks TanStack Query
// to read the affected lists again; while connected, the polling hooks stop (live-status.ts). On any
// drop the page polls again and reconnects after 1 s, 2 s, 4 s ... up to 30 s; never after a 401, 403
// or 404 or once signed out. A page hidden for a minute lets its stream go, and reconnects (catching
// up) when it is shown again; an offline page waits for the 'online' event.

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A stream that lasted this long was healthy: the next reconnect starts from the first delay again. */
const HEALTHY_MS = 60_000;
const HIDDEN_CLOSE_MS = 60_000;

const ALL_TOPICS: readonly LiveTopic[] = LIVE_TOPICS;

/**
 * What a live change of `topic` makes stale, as TanStack Query key prefixes: the features say it in their
 * registrations, and the app passes their union (src/web/app/registry.ts).
 */
export type LiveQueryKeys = (
  teamId: number,
  topic: LiveTopic,
  conversationId?: number,
) => readonly QueryKey[];

/**
 * A polling interval for TanStack Query that is `visibleMs` while the page is visible and the spec's
 * 120 s while it is hidden (read again after each fetch; use with refetchIntervalInBackground).
 */
export function visibleOrHidden(visibleMs: number | false): number | false | (() => number) {
  if (visibleMs === false) return false;
  return () => (document.hidden ? Math.max(visibleMs, MESSAGING_POLL_MS.hidden) : visibleMs);
}

/** Connects the team's stream until the returned function is called. */
export function connectLive(
  teamId: number,
  queryClient: QueryClient,
  liveQueryKeys: LiveQueryKeys,
): () => void {
  let stopped = false;
  let paused = false;
  let failures = 0;
  let announced = false;
  let controller: AbortController | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the current stream was asked for. */
  let requestedAt = 0;
  /** Whether a stream of this page was ready before (a reconnect, not the page's first). */
  let caughtUpOnce = false;

  const invalidate = (topic: LiveTopic, conversationId?: number) => {
    for (const queryKey of liveQueryKeys(teamId, topic, conversationId)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  /**
   * On `ready`: reads again each live list answered before this stream was asked for (what changed since
   * went unannounced), each once, though two topics name the unread count. A list still loading, or
   * answered after the stream was asked for, was read while the stream connected: reading it again made
   * every page load ask for each list twice (docs/decisions/039). Only a change in the moment the two
   * overlap waits for the next change, visit or focus.
   */
  const catchUp = () => {
    const seen = new Set<string>();
    // The bell is the user's, read as the page loads, before the first stream is asked for (which waits
    // for the team): on the first connection it was just read; on a reconnect it catches up like the rest.
    const topics = caughtUpOnce ? ALL_TOPICS : ALL_TOPICS.filter((topic) => topic !== 'notifications');
    caughtUpOnce = true;
    for (const topic of topics) {
      for (const queryKey of liveQueryKeys(teamId, topic)) {
        const id = JSON.stringify(queryKey);
        if (seen.has(id)) continue;
        seen.add(id);
        void queryClient.invalidateQueries({
          queryKey,
          // Never answered (0): its first read, still to come, is current; it needs no catching up.
          predicate: (query) =>
            query.state.fetchStatus === 'idle' &&
            query.state.dataUpdatedAt > 0 &&
            query.state.dataUpdatedAt < requestedAt,
        });
      }
    }
  };

  const announce = (connected: boolean) => {
    if (announced === connected) return;
    announced = connected;
    setLiveTeam(connected ? teamId : null);
  };

  const onEvent = (block: string) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trimStart();
    }
    if (event === 'ready') {
      announce(true);
      // Whatever changed while no stream was connected.
      catchUp();
    } else if (event === 'change') {
      const change = JSON.parse(data) as LiveChange;
      // The bell's news is the user's whatever team it is about; everything else, this team's only.
      if (
        ALL_TOPICS.includes(change.topic) &&
        (change.team_id === teamId || change.topic === 'notifications')
      ) {
        invalidate(change.topic, change.conversation_id);
      }
    }
  };

  const schedule = () => {
    if (stopped || paused || controller || retry) return;
    if (!navigator.onLine) return; // the 'online' event reconnects
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures, 5));
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    retry = undefined;
    const token = getToken();
    if (stopped || paused || controller || !token) return;
    const own = new AbortController();
    controller = own;
    const opened = Date.now();
    requestedAt = opened;
    try {
      const response = await fetch(`${API_BASE}/messaging/stream?team_id=${teamId}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: own.signal,
      });
      // Not signed in, or not a member: asking again will not change that.
      if ([401, 403, 404].includes(response.status)) stopped = true;
      if (!response.ok || !response.body) return;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          onEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // A dropped connection or our own abort: below.
    } finally {
      if (controller === own) controller = undefined;
      announce(false);
      if (Date.now() - opened >= HEALTHY_MS) failures = 0;
      schedule();
    }
  };

  const now = () => {
    clearTimeout(retry);
    retry = undefined;
    failures = 0;
    void connect();
  };

  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.hidden) {
      hiddenTimer = setTimeout(() => {
        paused = true;
        clearTimeout(retry);
        retry = undefined;
        controller?.abort();
      }, HIDDEN_CLOSE_MS);
    } else if (paused) {
      paused = false;
      now();
    }
  };
  const onOnline = () => {
    if (!controller) now();
  };

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  void connect();

  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
    controller?.abort();
    announce(false);
  };
}

/** Keeps the live stream of the team connected while mounted (the shell mounts it once). */
export function useLiveStream(teamId: number | null | undefined, liveQueryKeys: LiveQueryKeys): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (teamId === null || teamId === undefined) return undefined;
    return connectLive(teamId, queryClient, liveQueryKeys);
  }, [teamId, queryClient, liveQueryKeys]);
}
