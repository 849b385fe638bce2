// The web app manifest the server answers (issue 20 'Installable', docs/decisions/047): the build's
// (src/web/public/manifest.webmanifest: icons, start URL, display) with the club's name, short name
// and theme colour from the configuration, so a club's installed app is named and coloured as the club.

/** Longest short name: what a phone's home screen shows under the icon without cutting it. */
export const SHORT_NAME_MAX = 12;

/** The brand green: the theme colour of a club that sets none. */
export const DEFAULT_THEME_COLOR = '#065f46';

/** What the configuration says about the club, as the manifest names it. */
export interface ClubIdentity {
  name: string;
  shortName: string;
  themeColor: string;
}

/**
 * A short name for a club that sets none: the name's leading words that fit in SHORT_NAME_MAX
 * characters ('Riverside Youth Soccer Club': 'Riverside'; 'FC Lakeside United': 'FC Lakeside'), or
 * its first SHORT_NAME_MAX characters when the first word alone is longer.
 */
export function shortClubName(name: string): string {
  let short = '';
  for (const word of name.trim().split(/\s+/)) {
    const longer = short ? `${short} ${word}` : word;
    if (Array.from(longer).length > SHORT_NAME_MAX) break;
    short = longer;
  }
  return short || Array.from(name.trim()).slice(0, SHORT_NAME_MAX).join('').trim();
}

/** The build's manifest with the club's name, short name and theme colour in place of its own. */
export function clubManifest(built: Record<string, unknown>, club: ClubIdentity): Record<string, unknown> {
  return { ...built, name: club.name, short_name: club.shortName, theme_color: club.themeColor };
}
