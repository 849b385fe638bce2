/** A score as typed: a whole number 0 or more, else null (docs/product/events.md 'Scores'). */
export function asScore(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : null;
}
