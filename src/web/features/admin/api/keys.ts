// The Join Requests tab and the Admin badge read the same list; the badge's count sits under its key, so
// a decision reloads both.
export const joinRequestKeys = {
  list: (teamId: number) => ['join-requests', teamId] as const,
  pendingCount: (teamId: number) => ['join-requests', teamId, 'pending-count'] as const,
};
