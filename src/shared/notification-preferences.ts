import { formatTime } from './events.ts';
import type { EmailMode } from './notifications.ts';

// What Account Settings' 'Notifications' tab and the unsubscribe page say (docs/product/notifications.md
// 'Preferences', 'Unsubscribe'); the server answers the unsubscribe link's errors with the same words.

/** The email choices as the form names them. */
export const EMAIL_MODE_LABELS: Readonly<Record<EmailMode, string>> = {
  now: 'At once',
  digest: 'Daily digest',
  off: 'Off',
};

/** An hour of the day (0-23) as the digest's select shows it: 18 -> '6:00 PM'. */
export function hourLabel(hour: number): string {
  return formatTime(`${String(hour).padStart(2, '0')}:00`);
}

/** A kind's label inside a sentence: 'New polls' -> 'new polls'; 'RSVP reminders' keeps its capitals. */
export function labelInSentence(label: string): string {
  const [first = '', second = ''] = label;
  return second !== '' && second === second.toUpperCase() && second !== second.toLowerCase()
    ? label
    : first.toLowerCase() + label.slice(1);
}

export const PREFERENCE_MESSAGES = {
  saved: 'Notification settings saved',
  /** The connection dropped: nothing was saved, the form keeps what was chosen. */
  notSaved: 'Your notification settings could not be saved. Check your connection and try again.',
  loadFailed: 'Your notification settings could not be loaded. Check your connection and try again.',
} as const;

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid.',
  expired:
    'This unsubscribe link has expired. To stop these emails, sign in and change your notification settings in Account Settings.',
  question: (label: string) => `Stop emails about ${labelInSentence(label)}?`,
  /** When the link does not say which kind (it will be checked when the button is pressed). */
  questionUnknown: 'Stop these emails?',
  done: (label: string) =>
    `You will no longer get emails about ${labelInSentence(label)}. You can turn them back on in Account Settings.`,
} as const;
