import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
} from '../documents.ts';

// Request and response shapes of /api/documents (docs/product/documents.md; docs/decisions/023).

const MAX_ID = 2_147_483_647;

const category = defineSchema(() =>
  z
    .enum(DOCUMENT_CATEGORIES, { error: `Category must be one of: ${DOCUMENT_CATEGORIES.join(', ')}` })
    .nullish()
    .transform((v) => v ?? DEFAULT_DOCUMENT_CATEGORY),
);

const title = defineSchema(() =>
  z
    .string({ error: DOCUMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, DOCUMENT_MESSAGES.titleRequired)
    .max(DOCUMENT_LIMITS.titleMax, `Title must be no more than ${DOCUMENT_LIMITS.titleMax} characters`),
);

const description = defineSchema(() =>
  z
    .string({ error: 'Description must be text' })
    .trim()
    .max(
      DOCUMENT_LIMITS.descriptionMax,
      `Description must be no more than ${DOCUMENT_LIMITS.descriptionMax} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
);

/** A multipart field or JSON flag: 'true'/'false' as text, or a boolean; undefined when left out. */
const givenFlag = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])], {
      error: `${label} must be true or false`,
    })
    .nullish()
    .transform((v) =>
      v === undefined || v === null || v === ''
        ? undefined
        : v === true || v === 'true' || v === '1' || v === 'on',
    );

/** A flag with its default when left out. */
const flag = (label: string, fallback: boolean) => givenFlag(label).transform((v) => v ?? fallback);

const optionalId = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a positive whole number` });
        return z.NEVER;
      }
      return n;
    });

/** The text fields of POST /api/documents/upload/{teamId} (multipart, beside the file). */
export const uploadFields = defineSchema(() =>
  z.object({
    title,
    description,
    category,
    /** Spec: public by default. */
    is_public: flag('is_public', true),
    tournament_id: optionalId('Tournament id'),
  }),
);
export type UploadFields = z.input<typeof uploadFields>;

/** PUT /api/documents/{id}. */
export const documentUpdateBody = defineSchema(() =>
  z.object({
    title,
    description,
    category,
    /** Left out: the document keeps its setting, so an edit never publishes a not-public file. */
    is_public: givenFlag('is_public'),
  }),
);
export type DocumentUpdateBody = z.input<typeof documentUpdateBody>;

/** GET /api/documents/team/{teamId}?include_tournament_docs=&category= */
export const teamDocumentsQuery = defineSchema(() =>
  z.object({
    include_tournament_docs: flag('include_tournament_docs', true),
    category: z
      .enum(['', 'all', ...DOCUMENT_CATEGORIES], {
        error: `Category must be one of: ${DOCUMENT_CATEGORIES.join(', ')}`,
      })
      .optional(),
  }),
);

/** DELETE /api/documents/{id}?force=true removes a record whose file is missing. */
export const deleteQuery = defineSchema(() => z.object({ force: flag('force', false) }));

/** GET /api/documents/download/{id}?token=&inline= (the token when no Authorization header can be sent). */
export const downloadQuery = defineSchema(() =>
  z.object({
    token: z.string().max(4096).optional(),
    /** View (a new tab) rather than download; honoured only for the types a browser shows safely. */
    inline: flag('inline', false),
  }),
);

export const documentSchema = defineSchema(() =>
  z.object({
    id: z.number(),
    team_id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    /** The stored name shown and downloaded: the original name, made safe. */
    filename: z.string(),
    original_filename: z.string(),
    category: z.enum(DOCUMENT_CATEGORIES),
    is_public: z.boolean(),
    tournament_id: z.number().nullable(),
    file_size: z.number(),
    file_type: z.enum(DOCUMENT_TYPES),
    created_at: z.string(),
    uploaded_by: z.number().nullable(),
    uploader: z.object({ name: z.string() }).nullable(),
    tournament: z.object({ name: z.string() }).nullable(),
    /** Whether the caller may edit and delete it (the uploader, a coach or an admin). */
    can_manage: z.boolean(),
  }),
);
export type TeamDocument = z.infer<typeof documentSchema>;
export const documentListSchema = defineSchema(() => z.array(documentSchema));
