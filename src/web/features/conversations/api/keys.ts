// The conversations' answers, under the team's key: switching teams never shows another team's messages.
// The live stream reloads them through the feature's registration (../feature.ts).
export const conversationKeys = {
  list: (teamId: number) => ['teams', teamId, 'conversations'] as const,
  /** Every open thread of the team. */
  allMessages: (teamId: number) => ['teams', teamId, 'messages'] as const,
  messages: (teamId: number, conversationId: number) =>
    ['teams', teamId, 'messages', conversationId] as const,
  unread: (teamId: number) => ['teams', teamId, 'unread'] as const,
  recipients: (teamId: number) => ['teams', teamId, 'recipients'] as const,
  /** The team's members as 'Start New Message' reads them: whom a group left out. */
  members: (teamId: number) => ['teams', teamId, 'conversation-members'] as const,
};
