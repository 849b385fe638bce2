import { repeatedNumberError } from '../../../../shared/roster-rows.ts';
import { duplicateJerseyNumbers, ROSTER_MESSAGES } from '../../../../shared/teams.ts';
import { checkPlayer, type CheckedPlayerBody, type PlayerErrors, type PlayerValues } from './player-form.ts';

// Bulk Add (docs/product/roster-and-parents.md): only rows with a name are added; at least one is needed;
// their jersey numbers must differ.

export type BulkCheck =
  | { ok: true; players: CheckedPlayerBody[] }
  | { ok: false; message?: string; rowErrors: Record<number, PlayerErrors> };

export function namedRows(rows: readonly PlayerValues[]): number {
  return rows.filter((row) => row.name.trim()).length;
}

/** 'Please ensure each player has a unique jersey number. Repeated: 7, 9' */
export function duplicateMessage(numbers: readonly number[]): string {
  return `${ROSTER_MESSAGES.bulkDuplicateJersey} Repeated: ${numbers.join(', ')}`;
}

export { repeatedNumberError } from '../../../../shared/roster-rows.ts';

export function checkBulkRows(rows: readonly PlayerValues[], taken: ReadonlySet<number>): BulkCheck {
  const rowErrors: Record<number, PlayerErrors> = {};
  const players: CheckedPlayerBody[] = [];
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    if (!row.name.trim()) return;
    const checked = checkPlayer(row, taken);
    if (checked.ok) {
      players.push(checked.body);
      rowOf.push(index);
    } else rowErrors[index] = checked.errors;
  });
  if (Object.keys(rowErrors).length > 0) return { ok: false, rowErrors };
  if (players.length === 0) return { ok: false, message: ROSTER_MESSAGES.bulkNeedsName, rowErrors };
  const repeated = duplicateJerseyNumbers(players.map((p) => p.jersey_number));
  if (repeated.length > 0) {
    // The rows themselves are marked, so the phone user sees (and focus reaches) what to fix.
    players.forEach((p, i) => {
      const index = rowOf[i];
      if (index !== undefined && p.jersey_number !== null && repeated.includes(p.jersey_number))
        rowErrors[index] = { jersey_number: repeatedNumberError(p.jersey_number) };
    });
    return { ok: false, message: duplicateMessage(repeated), rowErrors };
  }
  return { ok: true, players };
}

/** Resizes the rows to `count`, keeping what was typed in the rows that stay. */
export function resizeRows(
  rows: readonly PlayerValues[],
  count: number,
  empty: PlayerValues,
): PlayerValues[] {
  return Array.from({ length: count }, (_, i) => rows[i] ?? empty);
}

/** The button: 'Add 3 Players', 'Add 1 Player'. */
export function bulkAddLabel(count: number): string {
  return `Add ${count} ${count === 1 ? 'Player' : 'Players'}`;
}
