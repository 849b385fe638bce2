import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { IMPORT_FIELDS, IMPORT_MESSAGES, type ImportField } from '../roster-rows.ts';
import { IMPORT_MAX_ROWS, RELATIONSHIPS } from '../teams.ts';

// Roster import and the contact sheet (docs/product/roster-and-parents.md 'Roster import', 'Contact
// sheet'): request and answer shapes.

export const IMPORT_TOO_MANY_ROWS = `An import takes at most ${IMPORT_MAX_ROWS} rows. Split the file and import each part.`;

const cellField = defineSchema(() =>
  z.string('Each cell must be text').max(300, 'A cell is longer than 300 characters'),
);

/** A row as the columns mapped it; cells left out are blank. */
export const importRowSchema = defineSchema(() =>
  z
    .object(
      Object.fromEntries(IMPORT_FIELDS.map((field) => [field, cellField.optional()])) as Record<
        ImportField,
        z.ZodOptional<typeof cellField>
      >,
    )
    .strip(),
);

/** POST /api/teams/{teamId}/roster-import */
export const rosterImportBody = defineSchema(() =>
  z.object({
    rows: z
      .array(importRowSchema, { error: 'Rows must be a list' })
      .min(1, IMPORT_MESSAGES.nothingToImport)
      .max(IMPORT_MAX_ROWS, IMPORT_TOO_MANY_ROWS),
  }),
);
export type RosterImportBody = z.input<typeof rosterImportBody>;

export const rosterImportResponse = defineSchema(() =>
  z.object({
    players_added: z.number().int(),
    contacts_added: z.number().int(),
    message: z.string(),
  }),
);
export type RosterImportResult = z.infer<typeof rosterImportResponse>;

/** 422: nothing was saved; every row's problems, as the preview shows them. */
export const rosterImportProblems = defineSchema(() =>
  z.object({
    detail: z.string(),
    problems: z.array(z.object({ row: z.number().int(), field: z.enum(IMPORT_FIELDS), message: z.string() })),
  }),
);

/** POST /api/teams/{teamId}/parents/invite-new: the contacts never invited get their first invite. */
export const inviteNewResponse = defineSchema(() =>
  z.object({
    invited_count: z.number().int(),
    /** Not invited now: the coach's hourly allowance ran out (Invite all again later sends them). */
    waiting_count: z.number().int(),
    message: z.string(),
  }),
);
export type InviteNewResult = z.infer<typeof inviteNewResponse>;

/** GET /api/teams/{teamId}/contact-sheet */
export const contactSheetSchema = defineSchema(() =>
  z.object({
    team_name: z.string(),
    players: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        jersey_number: z.number().int().nullable(),
        status: z.enum(['active', 'inactive']),
        parents: z.array(
          z.object({
            name: z.string(),
            relationship: z.enum(RELATIONSHIPS),
            is_primary: z.boolean(),
            phone: z.string().nullable(),
            email: z.string(),
          }),
        ),
      }),
    ),
  }),
);
export type ContactSheet = z.infer<typeof contactSheetSchema>;
