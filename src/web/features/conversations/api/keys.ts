// The conversations' answers, under the keys the live stream reloads (lib/live-status.ts): switching teams
// never shows another team's messages.
export const conversationKeys = {
  list: (teamId: number) => ['teams', teamId, 'conversations'] as const,
  messages: (teamId: number, conversationId: number) =>
    ['teams', teamId, 'messages', conversationId] as const,
  unread: (teamId: number) => ['teams', teamId, 'unread'] as const,
  recipients: (teamId: number) => ['teams', teamId, 'recipients'] as const,
};
