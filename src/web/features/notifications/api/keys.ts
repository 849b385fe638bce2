// The signed-in user's notifications: one list for every team (each item names its team).
export const notificationKeys = {
  list: ['notifications'] as const,
};
