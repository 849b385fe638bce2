// What Account Settings reads besides the current user (lib/query-client.ts `me`): the signed-in user's
// own, the same on every team.
export const accountKeys = {
  notificationPreferences: ['notification-preferences'] as const,
};
