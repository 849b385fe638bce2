import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteQuery,
  documentListSchema,
  documentSchema,
  documentUpdateBody,
  downloadQuery,
  teamDocumentsQuery,
} from '../../../shared/api/documents.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from '../../../shared/documents.ts';
import { badRequest } from '../../http-error.ts';
import { idParam, teamParams } from '../../params.ts';
import { requireCapability } from '../teams/access.ts';
import type { DocumentService } from './service.ts';

// /api/documents (docs/product/documents.md 'Files'; docs/decisions/023),
// inside the signed-in scope. Routes naming a document or tournament resolve its team first (teamOf), so
// one of a team the caller is not in answers 404 like one that does not exist. The form parser is
// registered here only, so no other route accepts multipart bodies.

/** A second file part in one upload (the spec: one request per file and team). */
const ONE_FILE_PER_UPLOAD = 'Only one file can be uploaded per request';
/** More parts than an upload's form has (a file and six fields). */
const TOO_MANY_PARTS = 'The upload has more form fields than a document takes';

/**
 * What an upload's body may hold: the file and its form (the multipart parser counts the file itself).
 * An upload refused half way is read to its end up to this (plugins/errors.ts), so the client still
 * sending receives the answer.
 */
const UPLOAD_BODY_LIMIT = DOCUMENT_LIMITS.maxBytes + 1024 * 1024;

const IDEMPOTENCY_KEY_MAX = 200;
const IDEMPOTENCY_KEY_MESSAGE = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`;

/** The plain-ASCII name for old clients ('Ünïcødé 日本語.pdf' -> 'Unic_de ___.pdf'); filename* has the real one. */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
}

/** A retried upload sends the same key (the page: the file's random key and the team). */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, IDEMPOTENCY_KEY_MESSAGE)
    .max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MESSAGE)
    .optional(),
});

const documentParams = z.object({ id: idParam('Document id') });

const documentId = (request: FastifyRequest) => (request.params as z.output<typeof documentParams>).id;
const byDocument = (documents: DocumentService) => ({
  teamOf: (request: FastifyRequest) => documents.teamOfDocument(documentId(request)),
  // A not-public document is 'Document not found' to a reader who may not see it, before any 304.
  visible: (request: FastifyRequest) => documents.isVisible(request.teamAccess, documentId(request)),
  teamNotFound: DOCUMENT_MESSAGES.notFound,
});

export async function documentRoutes(app: FastifyInstance, { documents }: { documents: DocumentService }) {
  await app.register(multipart, {
    limits: {
      fileSize: DOCUMENT_LIMITS.maxBytes,
      files: 1,
      fields: 10,
      fieldSize: 16 * 1024,
      parts: 12,
      headerPairs: 50,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/upload/:teamId',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        params: teamParams,
        headers: idempotencyHeaders,
        response: { 200: documentSchema, 201: documentSchema },
      },
      // Who may upload first: a member without upload_files gets 403 before the body is read. The
      // hourly allowance is the service's: spent only by an upload that is stored.
      preHandler: async (request) => requireCapability(request.teamAccess, 'upload_files'),
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw badRequest('Send the file as multipart/form-data');
      }
      try {
        const { document, replayed } = await documents.upload(
          request.teamAccess,
          request.parts(),
          request.headers['idempotency-key'] ?? null,
        );
        return await reply.status(replayed ? 200 : 201).send(document);
      } catch (error) {
        // The multipart parser's own errors (a body cut short, no boundary, a broken part header) carry no
        // status: they are the client's request, not our failure.
        if (isMalformedMultipart(error)) throw badRequest(DOCUMENT_MESSAGES.malformedUpload);
        const code = (error as { code?: unknown }).code;
        if (code === 'FST_FILES_LIMIT') throw badRequest(ONE_FILE_PER_UPLOAD);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(TOO_MANY_PARTS);
        throw error;
      }
    },
  );

  r.get(
    '/team/:teamId',
    {
      schema: {
        params: teamParams,
        querystring: teamDocumentsQuery,
        response: { 200: documentListSchema },
      },
    },
    (request) => documents.listAnswer(request.teamAccess, request.query),
  );

  r.get(
    '/tournament/:id',
    {
      schema: { params: z.object({ id: idParam('Tournament id') }), response: { 200: documentListSchema } },
      config: {
        teamOf: (request) => documents.teamOfTournament((request.params as { id: number }).id),
        teamNotFound: DOCUMENT_MESSAGES.tournamentNotFound,
      },
    },
    (request) => documents.listOfTournament(request.teamAccess, request.params.id),
  );

  r.put(
    '/:id',
    {
      schema: { params: documentParams, body: documentUpdateBody, response: { 200: documentSchema } },
      config: byDocument(documents),
    },
    (request) => documents.update(request.teamAccess, request.params.id, request.body),
  );

  r.delete(
    '/:id',
    {
      schema: {
        params: documentParams,
        querystring: deleteQuery,
        response: { 200: z.object({ message: z.string() }) },
      },
      config: byDocument(documents),
    },
    (request) => documents.remove(request.teamAccess, request.params.id, request.query.force),
  );

  r.get(
    '/download/:id',
    {
      schema: { params: documentParams, querystring: downloadQuery },
      // A link opened in a new tab cannot send a header: the token may come as ?token= (never logged).
      config: { ...byDocument(documents), queryToken: true },
    },
    async (request, reply) => {
      const file = await documents.download(request.teamAccess, request.params.id, request.query.inline);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header(
          'Content-Disposition',
          contentDisposition(file.filename, {
            type: file.disposition,
            fallback: asciiFallback(file.filename),
          }),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')
        .header('Cache-Control', 'private, no-cache')
        .send(file.stream);
    },
  );
}

const MULTIPART_PARSE_ERRORS =
  /unexpected end of (form|multipart)|boundary not found|malformed part header|multipart: boundary/i;

function isMalformedMultipart(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { statusCode?: unknown }).statusCode === undefined &&
    MULTIPART_PARSE_ERRORS.test(error.message)
  );
}
