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
