// Small display rules shared by every screen.

export const BADGE_CAP = 99;

/** Badge text: nothing for zero, the number up to 99, then '99+'. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** Two-letter initials: first letters of the first and last word, or the first two letters of one word. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  if (words.length === 1) return first.slice(0, 2).toUpperCase();
  const last = words[words.length - 1] ?? '';
  return ((first[0] ?? '') + (last[0] ?? '')).toUpperCase();
}

/** Page title: the screen's title followed by the club's name. */
export function pageTitle(title: string, clubName: string): string {
  return clubName ? `${title} | ${clubName}` : title;
}

/**
 * The start of a text for a one-line place (a notification's body): its words on one line, at most
 * `max` characters, cut at a word when one ends in the last fifth and ended with '…'.
 */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const atWord = space >= cut.length * 0.8 ? cut.slice(0, space) : cut;
  return `${atWord.trimEnd()}…`;
}
