import type { ContactSheet } from './api/roster-import.ts';
import { RELATIONSHIP_LABELS } from './teams.ts';

// The contact sheet as CSV (docs/product/roster-and-parents.md 'Contact sheet'): one line per parent
// contact (a player without any gets one line), for a spreadsheet program.

/**
 * One CSV cell. A spreadsheet takes a cell starting with = + - @ (or a tab or carriage return before
 * one) as a formula: such a cell gets a leading single quote, so it opens as the text typed
 * (formula injection, OWASP). Cells with a comma, quote or line break are quoted.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CONTACT_SHEET_COLUMNS = [
  'Player',
  'Jersey',
  'Parent',
  'Relationship',
  'Primary',
  'Phone',
  'Email',
] as const;

/** The whole file: a header line, then the lines, separated by CRLF (RFC 4180). */
export function contactSheetCsv(sheet: ContactSheet): string {
  const lines: (string | number | null)[][] = [[...CONTACT_SHEET_COLUMNS]];
  for (const player of sheet.players) {
    if (player.parents.length === 0) lines.push([player.name, player.jersey_number, '', '', '', '', '']);
    for (const parent of player.parents) {
      lines.push([
        player.name,
        player.jersey_number,
        parent.name,
        RELATIONSHIP_LABELS[parent.relationship],
        parent.is_primary ? 'Yes' : '',
        parent.phone,
        parent.email,
      ]);
    }
  }
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** 'riverside-hawks-contacts.csv' */
export function contactSheetFileName(teamName: string): string {
  const slug = teamName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'team'}-contacts.csv`;
}
