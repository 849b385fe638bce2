// Announcements (docs/product/announcements.md 'Fields and defaults', 'Cross-posts to
// the group chat'). The rules both sides use: priorities, expiry choices and their inference on edit, the
// messages.

export const ANNOUNCEMENT_PRIORITIES = ['low', 'normal', 'high'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const DEFAULT_ANNOUNCEMENT_PRIORITY: AnnouncementPriority = 'normal';
export const ANNOUNCEMENT_PRIORITY_LABELS: Record<AnnouncementPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
};

/** What an announcement may be about: a tournament, an individual game or a practice of the team. */
export const RELATED_EVENT_TYPES = ['tournament', 'game', 'practice'] as const;
export type RelatedEventType = (typeof RELATED_EVENT_TYPES)[number];

/** Expiry choices: never, a number of days from now, or the end of a chosen day (team's time zone). */
export const EXPIRY_TYPES = ['never', 'days', 'date'] as const;
export type ExpiryType = (typeof EXPIRY_TYPES)[number];
export const ANNOUNCEMENT_EXPIRY_DAYS = [1, 3, 7, 14, 30, 60, 90] as const;
export const DEFAULT_ANNOUNCEMENT_EXPIRY_DAYS = 7;

export const ANNOUNCEMENT_LIMITS = {
  titleMax: 200,
  contentMax: 5000,
  commentMax: 2000,
  /** Dashboard preview (docs/product/announcements.md). */
  previewChars: 120,
  dashboardMax: 3,
  /** 'soon' when the expiry is within this many hours. */
  soonHours: 24,
} as const;

export const ANNOUNCEMENT_MESSAGES = {
  noTeam: 'Please select a team to view messages.',
  fillTitleAndContent: 'Please fill in title and content.',
  fillTitleAndContentEdit: 'Please fill in title and content',
  createFailed: 'Failed to create announcement.',
  created: 'Announcement created successfully!',
  updateFailed: 'Failed to update announcement',
  deleteConfirm: 'Are you sure you want to delete this announcement? This action cannot be undone.',
  deleteFailed: 'Failed to delete announcement.',
  deleted: 'Announcement deleted successfully.',
  authError: 'Authentication Error: Please log in again.',
  commentFailed: 'Failed to add comment',
  /** The folded comments' button when there are none yet (comments allowed). */
  addComment: 'Add a comment',
  deleteCommentConfirm: 'Delete this comment? This action cannot be undone.',
  deleteCommentFailed: 'Failed to delete comment.',
  commentDeleted: 'Comment deleted.',
  // Server answers.
  notFound: 'Announcement not found',
  authorOnly: 'Only the author can change this announcement',
  authorOrCoachOnly: 'Only the author, a coach or an admin can delete this announcement',
  commentNotFound: 'Comment not found',
  commentAuthorOrCoachOnly: 'Only the author, a coach or an admin can delete this comment',
  commentsClosed: 'Comments are turned off for this announcement',
  relatedEventNotFound: 'Related event not found',
  expiryInPast: 'The expiry must be in the future',
} as const;

// Pure rules without luxon (the dashboard card loads them); the time-zone ones are in
// announcement-expiry.ts, as event-dates.ts keeps luxon apart from events.ts.

const HOUR_MS = 60 * 60 * 1000;

/**
 * Archived: the expiry has passed (docs/product/announcements.md 'Fields and defaults'). Never-expiring
 * ones never are.
 */
export function isArchived(expiresAt: string | null, now: Date = new Date()): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}

/**
 * The order the screens show announcements in (docs/product/announcements.md 'The screen'): unexpired
 * high-priority ones first, then every other, each group in the API's order (newest first, which the
 * spec has and the API keeps).
 */
export function pinnedFirst<A extends { priority: string; expires_at: string | null }>(
  announcements: readonly A[],
  now: Date = new Date(),
): A[] {
  const pinned = (a: A) => (a.priority === 'high' && !isArchived(a.expires_at, now) ? 0 : 1);
  // Array.prototype.sort is stable: each group keeps the API's order.
  return [...announcements].sort((a, b) => pinned(a) - pinned(b));
}

/** '1 comment', '3 comments'. */
export const commentCount = (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`;

/** Expiring within the next 24 hours (and not yet expired): the list flags it 'soon'. */
export function isExpiringSoon(expiresAt: string | null, now: Date = new Date()): boolean {
  if (expiresAt === null) return false;
  const left = Date.parse(expiresAt) - now.getTime();
  return left > 0 && left <= ANNOUNCEMENT_LIMITS.soonHours * HOUR_MS;
}

/** The dashboard's preview: the first 120 characters, with '...' when cut. */
export function preview(content: string, max: number = ANNOUNCEMENT_LIMITS.previewChars): string {
  const chars = Array.from(content);
  return chars.length <= max ? content : `${chars.slice(0, max).join('').trimEnd()}...`;
}

/** A piece of text or a web address within it, for showing links without any HTML. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Splits text into plain parts and http(s) links (trailing punctuation stays text). */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
