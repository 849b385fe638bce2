import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORIES, DOCUMENT_TYPES } from '../../../shared/documents.ts';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { tournaments } from './events.ts';
import { ownerTeamId } from './teams.ts';

// Team and tournament documents (issue 11; docs/product/documents.md 'Files'; docs/decisions/023). The
// bytes live in the blob store under a random key; a row names its blob. A blob is announced in
// pending_blobs before it is written and forgotten there once its row exists, so a process dying between
// the two leaves a trace that the sweeper follows to remove the orphan.

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    /** A tournament of the same team, or null for a team document; goes with its tournament. */
    tournamentId: integer('tournament_id'),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category', { enum: DOCUMENT_CATEGORIES }).notNull().default(DEFAULT_DOCUMENT_CATEGORY),
    isPublic: boolean('is_public').notNull().default(true),
    /** The blob store's key: random, never derived from the user's file name. */
    blobKey: text('blob_key').notNull(),
    /** The uploader's file name, made safe (no path, no control characters, at most 200 characters). */
    originalFilename: text('original_filename').notNull(),
    /** What the bytes are (checked on upload): decides the Content-Type and whether View is inline. */
    fileType: text('file_type', { enum: DOCUMENT_TYPES }).notNull(),
    fileSize: integer('file_size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The page's Idempotency-Key: a retried upload finds the document it already stored (decision 023). */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'documents_tournament_team_fk',
      columns: [t.tournamentId, t.teamId],
      foreignColumns: [tournaments.id, tournaments.teamId],
    }).onDelete('cascade'),
    index('documents_team_created_idx').on(t.teamId, t.createdAt),
    index('documents_tournament_idx').on(t.tournamentId),
    index('documents_uploaded_by_idx').on(t.uploadedBy),
    uniqueIndex('documents_blob_key').on(t.blobKey),
    uniqueIndex('documents_uploader_idempotency_key').on(t.teamId, t.uploadedBy, t.idempotencyKey),
    check('documents_category_check', oneOf(t.category, DOCUMENT_CATEGORIES)),
    check('documents_file_type_check', oneOf(t.fileType, DOCUMENT_TYPES)),
    check('documents_file_size_check', sql`${t.fileSize} >= 0`),
  ],
);

/**
 * Blobs being written or removed: a row here with no document naming its key, older than the sweeper's
 * grace period, is an orphan (the process died mid-upload, or a row went and its blob's removal failed).
 */
export const pendingBlobs = pgTable('pending_blobs', {
  blobKey: text('blob_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
