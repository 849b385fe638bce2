import { z } from 'zod';
import { defineSchema } from './define-schema.ts';
import { phoneField } from './api/fields.ts';
import { playerBody, relationshipField } from './api/roster.ts';
import {
  duplicateJerseyNumbers,
  POSITIONS,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
  ROSTER_MESSAGES,
  type Position,
  type Relationship,
} from './teams.ts';

// The roster's row rules, once for every form and for the import (docs/product/roster-and-parents.md):
// a player (Add Player, Edit Player, Bulk Add, a row of an import), a parent contact (Manage Parents,
// Edit Parent, a row of an import), and the plan of a whole import, which the preview shows and the
// server checks again before it saves anything.

export type PlayerField = 'name' | 'position' | 'jersey_number' | 'age';
export type PlayerOutput = z.output<typeof playerBody>;
export type ParentField = 'name' | 'email' | 'phone';

/** Field name to its first message; empty when the player is valid. */
export type Problems<K extends string> = Partial<Record<K, string>>;

/** Under each jersey input that repeats another row's: 'Jersey number 9 is repeated'. */
export function repeatedNumberError(number: number): string {
  return `Jersey number ${number} is repeated`;
}

export type CheckedPlayerRow =
  { ok: true; body: PlayerOutput } | { ok: false; errors: Problems<PlayerField> };

/**
 * One player as typed: the playerBody rules (name, position, jersey 1-99, age 5-18) and the numbers
 * `taken` by other players of the team ('Jersey number is already taken').
 */
export function checkPlayerRow(
  values: Record<PlayerField, string> & { status?: string },
  taken: ReadonlySet<number>,
): CheckedPlayerRow {
  const parsed = playerBody.safeParse({ ...values, status: values.status ?? 'active' });
  if (!parsed.success) {
    const errors: Problems<PlayerField> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'name' || field === 'position' || field === 'jersey_number' || field === 'age')
        errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const number = parsed.data.jersey_number;
  if (number !== null && taken.has(number))
    return { ok: false, errors: { jersey_number: ROSTER_MESSAGES.jerseyTaken } };
  return { ok: true, body: parsed.data };
}

export type CheckedParent =
  | { ok: true; name: string; email: string; phone: string | null }
  | { ok: false; formError?: string; errors: Problems<ParentField> };

const emailCheck = defineSchema(() => z.email());

/**
 * A parent contact as typed: name and email required ('Please fill in all required fields'), a valid
 * email ('Please enter a valid email address'), an optional phone (phoneField's rule).
 */
export function checkParent(values: Record<ParentField, string>): CheckedParent {
  const name = values.name.trim();
  const email = values.email.trim();
  if (!name || !email) {
    return {
      ok: false,
      formError: ROSTER_MESSAGES.parentRequiredFields,
      errors: { name: name ? undefined : 'Required', email: email ? undefined : 'Required' },
    };
  }
  if (!emailCheck.safeParse(email).success) {
    return { ok: false, errors: { email: ROSTER_MESSAGES.parentEmailInvalid } };
  }
  const phone = phoneField.safeParse(values.phone);
  if (!phone.success) return { ok: false, errors: { phone: phone.error.issues[0]?.message } };
  return { ok: true, name, email: email.toLowerCase(), phone: phone.data };
}

// ---- Import ----

/** The columns an imported row may fill, in the preview's order. */
export const IMPORT_FIELDS = [
  'player_name',
  'jersey_number',
  'position',
  'age',
  'parent_name',
  'parent_email',
  'parent_phone',
  'relationship',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** A row as the coach's columns mapped it: text cells, any of them missing. */
export type ImportRow = Partial<Record<ImportField, string>>;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  player_name: 'Player name',
  jersey_number: 'Jersey',
  position: 'Position',
  age: 'Age',
  parent_name: 'Parent name',
  parent_email: 'Parent email',
  parent_phone: 'Parent phone',
  relationship: 'Relationship',
};

export const IMPORT_MESSAGES = {
  ambiguousPlayer: 'More than one player on the roster has this name',
  otherDetails: (where: string) =>
    `${where} with other details: leave jersey, position and age blank or the same`,
  nothingToImport: 'There is nothing to import: add rows with a player name',
  rowsWithProblems: (count: number) =>
    `${count === 1 ? '1 row has a problem' : `${count} rows have problems`}. Nothing was imported.`,
  imported: (players: number, contacts: number) =>
    `Imported ${players} ${players === 1 ? 'player' : 'players'} and ${contacts} parent ${
      contacts === 1 ? 'contact' : 'contacts'
    }. No invites were sent.`,
} as const;

export const relationshipError = `Relationship must be one of: ${RELATIONSHIPS.join(', ')}`;

/** 'Forward', 'forward' and ' FORWARD ' are Forward; anything else stays for the rule to refuse. */
export function normalizePosition(text: string): string {
  const wanted = text.trim().toLowerCase();
  return POSITIONS.find((p) => p.toLowerCase() === wanted) ?? text.trim();
}

/** A relationship by its key or its label, in any case ('Emergency Contact'); blank is 'parent'. */
export function normalizeRelationship(text: string): string {
  const wanted = text.trim().toLowerCase();
  const found = RELATIONSHIPS.find(
    (r) => r === wanted.replace(/\s+/g, '_') || RELATIONSHIP_LABELS[r].toLowerCase() === wanted,
  );
  return found ?? text.trim();
}

/** Players are matched by name, whatever the case and spacing. */
export const playerKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** What the import knows of the team before it: its players and the emails of their contacts. */
export interface RosterBefore {
  players: readonly { id: number; name: string; jersey_number: number | null }[];
  contacts: readonly { player_id: number; email: string }[];
}

export interface RowProblem {
  /** 1-based, as the preview numbers the rows. */
  row: number;
  field: ImportField;
  message: string;
}

/** What a row does: nothing (blank), a new player, a player of an earlier row, or one on the roster. */
export type RowRole =
  | { kind: 'blank' }
  | { kind: 'new' }
  | { kind: 'earlier'; row: number }
  | { kind: 'roster'; playerId: number };

export interface PlannedPlayer {
  row: number;
  body: PlayerOutput;
}

export interface PlannedContact {
  row: number;
  player: { existingId: number } | { newIndex: number };
  name: string;
  email: string;
  phone: string | null;
  relationship: Relationship;
  /** The first contact of a new player is its primary contact. */
  isPrimary: boolean;
}

export interface ImportPlan {
  players: PlannedPlayer[];
  contacts: PlannedContact[];
  problems: RowProblem[];
  roles: RowRole[];
}

const cell = (row: ImportRow, field: ImportField) => (row[field] ?? '').trim();
const hasParent = (row: ImportRow) =>
  cell(row, 'parent_name') !== '' ||
  cell(row, 'parent_email') !== '' ||
  cell(row, 'parent_phone') !== '' ||
  cell(row, 'relationship') !== '';

/** The player fields of a row as the player rules read them. */
function playerValues(row: ImportRow): Record<PlayerField, string> {
  return {
    name: cell(row, 'player_name'),
    position: normalizePosition(cell(row, 'position')),
    jersey_number: cell(row, 'jersey_number'),
    age: cell(row, 'age'),
  };
}

/** A later row naming the same player may leave jersey, position and age blank, or repeat them. */
function sameDetails(
  row: ImportRow,
  known: { jersey: number | null; position?: Position | null; age?: number | null },
) {
  const jersey = cell(row, 'jersey_number');
  const position = cell(row, 'position');
  const age = cell(row, 'age');
  if (jersey !== '' && Number(jersey) !== known.jersey) return false;
  if (position !== '' && known.position !== undefined && normalizePosition(position) !== known.position)
    return false;
  if (age !== '' && known.age !== undefined && Number(age) !== known.age) return false;
  return true;
}

/**
 * The import of `rows` onto a team that has `before`: each row with a player name names a player,
 * new (its first row) or the same as an earlier row or a player already on the roster (by name), and
 * with parent cells adds a contact to that player. Every row's problems, by the same rules and words
 * as the forms: the player's (playerBody), jersey numbers taken on the team or repeated in the rows,
 * the contact's (checkParent, the relationship), and a contact the player already has. Blank rows are
 * left out. The import saves only a plan without problems, all of it.
 */
export function planImport(rows: readonly ImportRow[], before: RosterBefore): ImportPlan {
  const problems: RowProblem[] = [];
  const roles: RowRole[] = [];
  const players: PlannedPlayer[] = [];
  const contacts: PlannedContact[] = [];
  const add = (row: number, field: ImportField, message: string | undefined) => {
    if (message) problems.push({ row, field, message });
  };

  const rosterByName = new Map<string, { id: number; jersey_number: number | null }[]>();
  for (const player of before.players) {
    const key = playerKey(player.name);
    rosterByName.set(key, [...(rosterByName.get(key) ?? []), player]);
  }
  const taken = new Set(before.players.map((p) => p.jersey_number).filter((n): n is number => n !== null));
  const emailsOf = new Map<string, Set<string>>();
  const emailSet = (key: string) => {
    let set = emailsOf.get(key);
    if (!set) emailsOf.set(key, (set = new Set()));
    return set;
  };
  for (const contact of before.contacts) emailSet(`r${contact.player_id}`).add(contact.email);

  /** Players of earlier rows by name: their index in `players` and row, or undefined when invalid. */
  const seen = new Map<string, { row: number; index: number | undefined; body?: PlayerOutput }>();

  rows.forEach((row, i) => {
    const number = i + 1;
    const name = cell(row, 'player_name');
    const blank = IMPORT_FIELDS.every((field) => cell(row, field) === '');
    if (blank) {
      roles.push({ kind: 'blank' });
      return;
    }
    let target: PlannedContact['player'] | undefined;
    const key = playerKey(name);
    const onRoster = name ? rosterByName.get(key) : undefined;
    const earlier = name ? seen.get(key) : undefined;
    if (!name) {
      add(number, 'player_name', ROSTER_MESSAGES.playerNameRequired);
      roles.push({ kind: 'new' });
    } else if (onRoster && onRoster.length > 1) {
      add(number, 'player_name', IMPORT_MESSAGES.ambiguousPlayer);
      roles.push({ kind: 'new' });
    } else if (onRoster?.[0]) {
      const existing = onRoster[0];
      roles.push({ kind: 'roster', playerId: existing.id });
      if (!sameDetails(row, { jersey: existing.jersey_number }))
        add(number, 'jersey_number', IMPORT_MESSAGES.otherDetails('Already on the roster'));
      target = { existingId: existing.id };
    } else if (earlier) {
      roles.push({ kind: 'earlier', row: earlier.row });
      const body = earlier.body;
      if (body && !sameDetails(row, { jersey: body.jersey_number, position: body.position, age: body.age }))
        add(number, 'jersey_number', IMPORT_MESSAGES.otherDetails(`Already in row ${earlier.row}`));
      if (earlier.index !== undefined) target = { newIndex: earlier.index };
    } else {
      roles.push({ kind: 'new' });
      const checked = checkPlayerRow(playerValues(row), taken);
      if (checked.ok) {
        const index = players.length;
        players.push({ row: number, body: checked.body });
        seen.set(key, { row: number, index, body: checked.body });
        target = { newIndex: index };
      } else {
        seen.set(key, { row: number, index: undefined });
        add(number, 'player_name', checked.errors.name);
        add(number, 'jersey_number', checked.errors.jersey_number);
        add(number, 'position', checked.errors.position);
        add(number, 'age', checked.errors.age);
      }
    }

    if (!hasParent(row)) return;
    const parent = checkParent({
      name: cell(row, 'parent_name'),
      email: cell(row, 'parent_email'),
      phone: cell(row, 'parent_phone'),
    });
    const relationship = relationshipField.safeParse(
      normalizeRelationship(cell(row, 'relationship')) || null,
    );
    if (!relationship.success) add(number, 'relationship', relationshipError);
    if (!parent.ok) {
      const required = parent.formError;
      add(number, 'parent_name', parent.errors.name && (required ?? parent.errors.name));
      add(number, 'parent_email', parent.errors.email && (required ?? parent.errors.email));
      add(number, 'parent_phone', parent.errors.phone);
      return;
    }
    if (!target || !relationship.success) return;
    const emails = emailSet('existingId' in target ? `r${target.existingId}` : `n${target.newIndex}`);
    if (emails.has(parent.email)) {
      add(number, 'parent_email', ROSTER_MESSAGES.duplicateContact);
      return;
    }
    emails.add(parent.email);
    contacts.push({
      row: number,
      player: target,
      name: parent.name,
      email: parent.email,
      phone: parent.phone,
      relationship: relationship.data,
      isPrimary: 'newIndex' in target && emails.size === 1,
    });
  });

  // Numbers repeated among the new players: each of their rows is marked, as Bulk Add marks them.
  const repeated = new Set(duplicateJerseyNumbers(players.map((p) => p.body.jersey_number)));
  for (const player of players) {
    const n = player.body.jersey_number;
    if (n !== null && repeated.has(n)) add(player.row, 'jersey_number', repeatedNumberError(n));
  }
  problems.sort((a, b) => a.row - b.row || IMPORT_FIELDS.indexOf(a.field) - IMPORT_FIELDS.indexOf(b.field));
  return { players, contacts, problems, roles };
}

/** The problems of one row, field by field (the first of each). */
export function problemsOfRow(problems: readonly RowProblem[], row: number): Problems<ImportField> {
  const found: Problems<ImportField> = {};
  for (const problem of problems) if (problem.row === row) found[problem.field] ??= problem.message;
  return found;
}

/** What 'Invite all' after an import answers (docs/product/roster-and-parents.md 'Roster import'). */
export function inviteNewMessage(invited: number, waiting: number): string {
  if (invited === 0 && waiting === 0) return 'Every parent contact has been invited already.';
  const sent = `Invited ${invited} ${invited === 1 ? 'parent' : 'parents'}.`;
  if (waiting === 0) return sent;
  return `${sent} ${waiting} more ${waiting === 1 ? 'waits' : 'wait'}: you have sent many invites in the last hour. Choose Invite all again later.`;
}
