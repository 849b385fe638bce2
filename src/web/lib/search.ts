// A search over a list already on the screen (docs/decisions/051-long-lists.md): case, accents and
// surrounding spaces do not matter; every word typed must appear in one of the item's texts.

/** Lower case without accents, so 'jose' finds 'José'. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The words of a search; none when only spaces were typed. */
export function searchWords(query: string): string[] {
  return searchable(query).split(/\s+/).filter(Boolean);
}

/** Every word is found in one of the texts (an empty search matches everything). */
export function matchesWords(
  words: readonly string[],
  texts: readonly (string | null | undefined)[],
): boolean {
  const haystack = texts.filter((t): t is string => Boolean(t)).map(searchable);
  return words.every((word) => haystack.some((text) => text.includes(word)));
}
