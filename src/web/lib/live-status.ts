import { useSyncExternalStore } from 'react';

// Whether the live stream (server-sent events, docs/decisions/020) is connected for the selected team.
// While it is, pages need not poll: the stream tells them when to read again. Whenever it is not, the
// spec's polling intervals apply (docs/product/conversations.md 'Live updates and polling'). The stream
// (live-stream.ts) sets it; any hook reads it.

let connectedTeamId: number | null = null;
const listeners = new Set<() => void>();

export function setLiveTeam(teamId: number | null): void {
  if (connectedTeamId === teamId) return;
  connectedTeamId = teamId;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the live stream of this team is connected. */
export function useLiveConnected(teamId: number | null | undefined): boolean {
  const current = useSyncExternalStore(subscribe, () => connectedTeamId);
  return teamId !== null && teamId !== undefined && current === teamId;
}

/** A polling interval that stops while the team's stream is connected: `false` to TanStack Query. */
export function usePollingFallback(teamId: number | null | undefined, intervalMs: number): number | false {
  return useLiveConnected(teamId) ? false : intervalMs;
}
