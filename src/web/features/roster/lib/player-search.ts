import type { Player } from '../../../../shared/api/roster.ts';
import { matchesWords } from '../../../lib/search.ts';

/**
 * A player matches a search by name, by jersey number ('7' or '#7' finds number 7 exactly) or by the name
 * of one of their parents (docs/product/roster-and-parents.md 'Searching the roster').
 */
export function playerMatches(player: Player, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const jersey = player.jersey_number === null ? null : String(player.jersey_number);
  if (words.length === 1 && jersey !== null && /^#?\d+$/.test(words[0]!)) {
    return words[0]!.replace('#', '') === jersey;
  }
  return matchesWords(words, [player.name, ...player.parent_contacts.map((c) => c.name)]);
}
