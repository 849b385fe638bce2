import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { z } from 'zod';
import {
  documentListSchema,
  documentSchema,
  type DocumentUpdateBody,
  documentUpdateBody,
  type TeamDocument,
  type teamDocumentsQuery,
  uploadFields,
} from '../../../shared/api/documents.ts';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentCategory,
  sniffDocumentType,
} from '../../../shared/documents.ts';
import { hasCapability } from '../../../shared/permissions.ts';
import { type BlobStore, BlobStoreUnavailableError, BlobTooLargeError } from '../../blob-store/index.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { keptListAnswer, ListAnswers, RowFragments } from '../../db/row-fragments.ts';
import { compileWriter, jsonAnswer } from '../../plugins/response-serializer.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, HttpError, notFound } from '../../http-error.ts';
import { requireWriteAllowance, spendWriteAllowance } from '../../write-limits.ts';
import { notifyTeam } from '../notifications/notify.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import { safeFilename } from './filename.ts';
import { documentNotice } from './notice.ts';
import * as queries from './queries.ts';

// Team and tournament documents (docs/product/documents.md 'Files', 'Who may do what',
// docs/product/moderators-and-admin.md 'Capabilities'; docs/decisions/023). Uploading needs upload_files;
// editing and deleting are for the uploader while they still hold upload_files, and for the team's
// coaches and admins. A not-public document is seen only by holders of view_private_documents (coaches,
// admins, moderators with can_upload_files); to anyone else it does not exist: not listed, and 'Document
// not found' on every route, as is a document of a team the caller is not in (the routes resolve its team
// first, counting only documents the caller may see). A new document tells those who may see it, in the
// transaction that stores its row (notice.ts).
//
// An upload's bytes go to the blob store, never to memory as a whole: the first sniffBytes decide the
// type, then the stream is written while it is counted. Its key is announced in pending_blobs before
// the blob is written and forgotten once the row exists; any failure in between removes the blob, and a
// process dying there leaves the announcement for the sweeper.

type ListQuery = z.output<typeof teamDocumentsQuery>;

interface Logger {
  warn(object: object, message: string): void;
}

interface StoredFile {
  key: string;
  size: number;
  type: TeamDocument['file_type'];
  filename: string;
}

/** Reads a refused file part to its end (an error, such as the size limit, no longer matters). */
async function drain(stream: Readable): Promise<void> {
  try {
    for await (const _chunk of stream);
  } catch {
    // The refusal already chosen is the answer.
  }
}

const tooLarge = () => new HttpError(413, DOCUMENT_MESSAGES.tooLarge);

function isFileTooLarge(error: unknown): boolean {
  return error instanceof BlobTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The category the list is narrowed to: none for an absent, empty or 'all' category. */
function categoryOf(query: ListQuery): DocumentCategory | undefined {
  return query.category === undefined || query.category === '' || query.category === 'all'
    ? undefined
    : (query.category as DocumentCategory);
}

const writeDocument = compileWriter(documentSchema);
/** What a kept document's part ends with before the reader's own `can_manage` is written instead. */
const CAN_MANAGE_TAIL = ',"can_manage":false}';
interface KeptDocument {
  /** The document written up to, without, its `can_manage`, which depends on who reads. */
  readonly json: string;
  readonly uploadedBy: number | null;
  readonly id: number;
  /** Its created_at in microseconds since 1970: the list's order, newest first, then the higher id. */
  readonly createdMicros: number;
}
/** Each listed document's part, by its version and its uploader's and tournament's (db/row-fragments.ts). */
const keptDocuments = preparedPerHandle(() => new RowFragments<KeptDocument>());
/** Each team's whole list as one kind of reader reads it, with the versions of its rows. */
const keptLists = preparedPerHandle(() => new ListAnswers());
const newestFirst = (a: KeptDocument, b: KeptDocument) => b.createdMicros - a.createdMicros || b.id - a.id;

/** Which documents a reader may edit and delete: every one, none, or those this user uploaded. */
type ManagedDocuments = 'all' | 'none' | { uploadedBy: number };

export function createDocumentService({
  db,
  blobs,
  uploadsPerHour,
  log,
}: {
  db: Db;
  blobs: BlobStore;
  /** Uploads one user may store per hour (UPLOAD_LIMIT_PER_USER_PER_HOUR): each one costs storage. */
  uploadsPerHour: number;
  log?: Logger;
}) {
  const warn = (error: unknown, message: string) => log?.warn({ err: error }, message);

  /** Who reads: not-public documents are left out, in SQL, unless the caller may see them. */
  const readerOf = (access: TeamAccess): queries.DocumentReader => ({
    seesPrivate: hasCapability(access, 'view_private_documents'),
  });

  function managedBy(access: TeamAccess): ManagedDocuments {
    if (hasCapability(access, 'moderate_documents')) return 'all';
    return hasCapability(access, 'upload_files') ? { uploadedBy: access.user.id } : 'none';
  }

  const manages = (managed: ManagedDocuments, row: Pick<queries.DocumentRow, 'uploadedBy'>): boolean =>
    managed === 'all' || (managed !== 'none' && row.uploadedBy === managed.uploadedBy);

  const canManage = (access: TeamAccess, row: Pick<queries.DocumentRow, 'uploadedBy'>): boolean =>
    manages(managedBy(access), row);

  function toDocument(access: TeamAccess, row: queries.DocumentListRow): TeamDocument {
    return {
      id: row.id,
      team_id: row.teamId,
      title: row.title,
      description: row.description,
      filename: row.originalFilename,
      original_filename: row.originalFilename,
      category: row.category,
      is_public: row.isPublic,
      tournament_id: row.tournamentId,
      file_size: row.fileSize,
      file_type: row.fileType,
      created_at: row.createdAt.toISOString(),
      uploaded_by: row.uploadedBy,
      uploader: row.uploaderName === null ? null : { name: row.uploaderName },
      tournament: row.tournamentName === null ? null : { name: row.tournamentName },
      can_manage: canManage(access, row),
    };
  }

  /** Removes a blob and its announcement; a failure leaves the announcement for the sweeper. */
  async function discard(key: string): Promise<void> {
    try {
      await blobs.remove(key);
      await queries.forgetBlob(db, key);
    } catch (error) {
      warn(error, 'removing a document blob failed; the sweeper will retry');
    }
  }

  /** Reads the file part's first bytes, checks its type, then streams it whole to the blob store. */
  async function storeFile(part: Extract<Multipart, { type: 'file' }>): Promise<StoredFile> {
    const filename = safeFilename(part.filename ?? '');
    const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < DOCUMENT_LIMITS.sniffBytes) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
    const first = Buffer.concat(head);
    if (first.length === 0) throw badRequest(DOCUMENT_MESSAGES.emptyFile);
    const sniffed = sniffDocumentType(first.subarray(0, DOCUMENT_LIMITS.sniffBytes), filename);
    if (!sniffed.ok) {
      // Read the rest of the part so the request ends cleanly; its size no longer matters.
      try {
        while (!ended && !(await chunks.next()).done);
      } catch {
        // Over the size limit as well: the type is the answer.
      }
      throw badRequest(sniffed.detail);
    }
    const body = Readable.from(
      (async function* () {
        yield first;
        if (ended) return;
        for (;;) {
          const next = await chunks.next();
          if (next.done) return;
          yield next.value;
        }
      })(),
      { objectMode: false },
    );
    const key = randomUUID();
    await queries.announceBlob(db, key);
    let size: number;
    try {
      size = await blobs.put(key, body, { maxBytes: DOCUMENT_LIMITS.maxBytes });
      // The form parser stops a file at the limit and marks it cut: that is too large as well.
      if (part.file.truncated) throw tooLarge();
    } catch (error) {
      // A store that failed would fail (or hang) the removal too: its announcement stays for the sweep.
      if (!(error instanceof BlobStoreUnavailableError)) await discard(key);
      throw isFileTooLarge(error) ? tooLarge() : error;
    }
    return { key, size, type: sniffed.type, filename };
  }

  /** The upload's text fields, validated; the tournament must be one of the team's. */
  async function checkFields(access: TeamAccess, fields: Record<string, string>) {
    const parsed = uploadFields.safeParse(fields);
    if (!parsed.success) {
      throw badRequest(parsed.error.issues[0]?.message ?? DOCUMENT_MESSAGES.uploadFailed);
    }
    const input = parsed.data;
    if (
      input.tournament_id !== null &&
      !(await queries.tournamentOfTeam(db, access.team.id, input.tournament_id))
    ) {
      throw notFound(DOCUMENT_MESSAGES.tournamentNotFound);
    }
    return input;
  }

  async function visibleDocument(access: TeamAccess, id: number) {
    const row = await queries.documentOfTeam(db, access.team.id, readerOf(access), id);
    if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
    return row;
  }

  /** The uploader (still holding upload_files) or a coach or admin of the team; others 403. */
  function requireManage(access: TeamAccess, row: Pick<queries.DocumentRow, 'uploadedBy'>): void {
    if (canManage(access, row)) return;
    requireCapability(access, 'upload_files');
    throw new HttpError(403, 'Only the uploader or a coach can change this document');
  }

  return {
    /** The team of a document, for the signed-in scope's `teamOf` (undefined: 'Document not found'). */
    teamOfDocument: (id: number) => queries.teamOfDocument(db, id),
    /**
     * For the scope's `visible`: whether the reader may see the document, so that nothing the scope
     * answers before the handler (a 304 to a guessed ETag) tells a not-public id apart from one that
     * does not exist.
     */
    async isVisible(access: TeamAccess, id: number): Promise<boolean> {
      const reader = readerOf(access);
      if (reader.seesPrivate) return true;
      return (await queries.teamOfDocument(db, id, { ...reader, teamId: access.team.id })) !== undefined;
    },
    teamOfTournament: (id: number) => queries.teamOfTournament(db, id),

    /**
     * Stores one uploaded file. With an Idempotency-Key, a retry of an upload that was stored (its
     * answer lost on the way) answers that document again, `replayed`, without storing the file twice.
     */
    async upload(
      access: TeamAccess,
      parts: AsyncIterable<Multipart>,
      idempotencyKey: string | null = null,
    ): Promise<{ document: TeamDocument; replayed: boolean }> {
      requireCapability(access, 'upload_files');
      const replay = async (): Promise<{ document: TeamDocument; replayed: boolean } | undefined> => {
        if (idempotencyKey === null) return undefined;
        const id = await queries.documentOfIdempotencyKey(db, access.team.id, access.user.id, idempotencyKey);
        return id === undefined
          ? undefined
          : { document: toDocument(access, await visibleDocument(access, id)), replayed: true };
      };
      const earlier = await replay();
      if (earlier) return earlier;
      // The hour's allowance is spent only by an upload that is stored (with its row, below): a retry
      // answered above and a refused file spend nothing. One already over it stores no byte.
      await requireWriteAllowance(db, 'uploads', access.user.id, uploadsPerHour);
      const fields: Record<string, string> = {};
      let stored: StoredFile | undefined;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || stored) {
            // One file per request (spec: one request per team per file); others are read and dropped.
            part.file.resume();
            continue;
          }
          // Fields sent before the file (as our page sends them) are checked before a byte is stored.
          if ('title' in fields) {
            try {
              await checkFields(access, fields);
            } catch (error) {
              await drain(part.file);
              throw error;
            }
          }
          stored = await storeFile(part);
        }
      } catch (error) {
        if (stored) await discard(stored.key);
        if (isFileTooLarge(error)) throw tooLarge();
        throw error;
      }
      if (!stored) throw badRequest(DOCUMENT_MESSAGES.noFile);

      let id: number;
      try {
        const input = await checkFields(access, fields);
        const file = stored;
        // Stored, then counted: the same upload sent twice at once meets the first one's row at the
        // unique index before counting, and one over the allowance takes its row back.
        id = await db.transaction(async (tx) => {
          const inserted = await queries.insertDocument(tx, {
            teamId: access.team.id,
            tournamentId: input.tournament_id,
            title: input.title,
            description: input.description,
            category: input.category,
            isPublic: input.is_public,
            blobKey: file.key,
            originalFilename: file.filename,
            fileType: file.type,
            fileSize: file.size,
            uploadedBy: access.user.id,
            idempotencyKey,
          });
          await spendWriteAllowance(tx, 'uploads', access.user.id, uploadsPerHour);
          // Told to those who may see it: every member when public, else only its readers.
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            audience: input.is_public
              ? 'members'
              : { userIds: await queries.privateDocumentReaders(tx, access.team.id) },
            ...documentNotice(access.team.name, input),
          });
          return inserted;
        });
      } catch (error) {
        await discard(stored.key);
        // The same upload, sent twice at once: the other one stored it.
        if (isUniqueViolation(error, 'documents_uploader_idempotency_key')) {
          const other = await replay();
          if (other) return other;
        }
        throw error;
      }
      // The row names the blob now; a failure here leaves an entry the sweeper forgets.
      await queries
        .forgetBlob(db, stored.key)
        .catch((error: unknown) => warn(error, 'forgetting a blob failed'));
      return { document: toDocument(access, await visibleDocument(access, id)), replayed: false };
    },

    async list(access: TeamAccess, query: ListQuery): Promise<TeamDocument[]> {
      const category = categoryOf(query);
      const rows = await queries.documentsOfTeam(db, access.team.id, readerOf(access), {
        includeTournamentDocs: query.include_tournament_docs,
        ...(category ? { category } : {}),
      });
      return rows.map((row) => toDocument(access, row));
    },

    /**
     * The list as the API sends it: the whole list (no filter) from each unchanged document's part
     * kept from an earlier read, only the documents added or changed since (or whose uploader's or
     * tournament's row changed) read (db/row-fragments.ts); a filtered list is read as `list` reads it.
     */
    async listAnswer(access: TeamAccess, query: ListQuery): Promise<TeamDocument[]> {
      const whole = categoryOf(query) === undefined && query.include_tournament_docs !== false;
      if (!whole) return this.list(access, query);
      const teamId = access.team.id;
      const reader = readerOf(access);
      const managed = managedBy(access);
      // Everything of the reader the answer shows: which documents it lists, and which it may manage.
      const list = `${teamId} ${reader.seesPrivate ? 'all' : 'public'} ${typeof managed === 'string' ? managed : managed.uploadedBy}`;
      const answer = await keptListAnswer(
        keptLists(db),
        list,
        keptDocuments(db),
        () => queries.documentVersionsOfTeam(db, teamId, reader),
        async (ids) =>
          (await queries.documentsOfTeamById(db, teamId, reader, ids)).map((row) => {
            const json = writeDocument({ ...toDocument(access, row), can_manage: false }) ?? '';
            if (!json.endsWith(CAN_MANAGE_TAIL))
              throw new Error('a document written without can_manage last');
            return {
              key: row.version,
              value: {
                json: json.slice(0, -CAN_MANAGE_TAIL.length),
                uploadedBy: row.uploadedBy,
                id: row.id,
                createdMicros: Number(row.createdMicros),
              },
            };
          }),
        (parts) => {
          const sorted = parts.slice().sort(newestFirst);
          let out = '[';
          for (let i = 0; i < sorted.length; i += 1) {
            const part = sorted[i] as KeptDocument;
            out += `${i === 0 ? '' : ','}${part.json},"can_manage":${manages(managed, part) ? 'true' : 'false'}}`;
          }
          return `${out}]`;
        },
      );
      if (answer === undefined) return this.list(access, query);
      return jsonAnswer(documentListSchema, answer.text, answer.compressed);
    },

    async listOfTournament(access: TeamAccess, tournamentId: number): Promise<TeamDocument[]> {
      const rows = await queries.documentsOfTeam(db, access.team.id, readerOf(access), { tournamentId });
      return rows.map((row) => toDocument(access, row));
    },

    async update(access: TeamAccess, id: number, body: DocumentUpdateBody): Promise<TeamDocument> {
      const row = await visibleDocument(access, id);
      requireManage(access, row);
      const input = documentUpdateBody.parse(body);
      const updated = await queries.updateDocument(db, access.team.id, id, {
        title: input.title,
        description: input.description,
        category: input.category,
        // Left out, the setting stays: an edit of the title never publishes a not-public file.
        isPublic: input.is_public ?? row.isPublic,
      });
      if (!updated) throw notFound(DOCUMENT_MESSAGES.notFound);
      return toDocument(access, await visibleDocument(access, id));
    },

    async remove(access: TeamAccess, id: number, force: boolean): Promise<{ message: string }> {
      const row = await visibleDocument(access, id);
      requireManage(access, row);
      // Without force, a record whose file went missing says so (the page then offers to remove it).
      if (!force && !(await blobs.exists(row.blobKey))) throw notFound(DOCUMENT_MESSAGES.fileMissing);
      // The row goes first: its trigger announces the key, so a failed removal is swept later.
      const key = await queries.deleteDocument(db, access.team.id, id);
      if (key === undefined) throw notFound(DOCUMENT_MESSAGES.notFound);
      await discard(key);
      return { message: DOCUMENT_MESSAGES.deleted };
    },

    /** The file's bytes and how to send them; 404 'File is missing' when the blob is gone. */
    async download(access: TeamAccess, id: number, inline: boolean) {
      const row = await visibleDocument(access, id);
      const blob = await blobs.get(row.blobKey);
      if (!blob) throw notFound(DOCUMENT_MESSAGES.fileMissing);
      const { contentType, inline: inlineSafe } = DOCUMENT_CONTENT_TYPES[row.fileType];
      return {
        stream: blob.stream,
        size: blob.size,
        contentType,
        filename: row.originalFilename,
        disposition: inline && inlineSafe ? ('inline' as const) : ('attachment' as const),
      };
    },

    /**
     * Removes blobs announced before `olderThanMs` ago that no document names, and forgets entries of
     * blobs a document does name. Answers how many blobs it removed (app.sweepBlobs adds what
     * interrupted writes left in the store).
     */
    async sweep(olderThanMs: number): Promise<number> {
      const before = new Date(Date.now() - olderThanMs);
      await queries.forgetNamedBlobs(db, before);
      let removed = 0;
      for (const key of await queries.orphanBlobs(db, before)) {
        try {
          // Counted only when there was a blob: an upload cut before its file was stored left none.
          const existed = await blobs.exists(key);
          await blobs.remove(key);
          await queries.forgetBlob(db, key);
          if (existed) removed += 1;
        } catch (error) {
          warn(error, 'sweeping a blob failed');
        }
      }
      return removed;
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
