// Writes that reach others, limited per user per hour (docs/product/limits-and-abuse.md 'Writes that
// reach others'; docs/decisions/028): what each 429 says. The page shows the server's detail.

export const LIMITED_WRITES = {
  announcements: 'posted many announcements',
  comments: 'posted many comments',
  conversations: 'started many conversations',
  messages: 'sent many messages',
  reminders: 'sent many RSVP reminders',
  teams: 'created many teams',
  uploads: 'uploaded many documents',
} as const;
export type LimitedWrite = keyof typeof LIMITED_WRITES;

/** The detail of the 429, naming the minutes until the hour's allowance starts again. */
export function writeLimitDetail(write: LimitedWrite, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have ${LIMITED_WRITES[write]} in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
