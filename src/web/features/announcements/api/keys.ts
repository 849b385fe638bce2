// The announcements' answers, under the team's key (the live stream reloads `list` through the
// feature's registration, ../feature.tsx).
export const announcementKeys = {
  list: (teamId: number) => ['teams', teamId, 'announcements'] as const,
  chatPostError: (teamId: number) => ['teams', teamId, 'chat-post-error'] as const,
};
