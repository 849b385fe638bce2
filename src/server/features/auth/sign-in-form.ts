import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http-error.ts';

// POST /api/auth/token takes form fields (docs/product/accounts-and-sign-in.md). A page sends them
// URL-encoded (URLSearchParams, parsed by @fastify/formbody) or as a browser's FormData, which is
// multipart: both are the same two text fields. Only the sign-in route reads a multipart body; the other
// /auth routes find none and answer that their JSON body is missing.

const FORM_MESSAGES = {
  noFiles: 'Send the sign-in form as text fields, without files',
  unreadable: 'The sign-in form could not be read',
} as const;

/** The multipart parser for the /auth scope: a few small text fields; a file is refused unread. */
export async function acceptFormData(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: 1024, fields: 10, fieldSize: 4096, parts: 10, headerPairs: 20 },
  });
}

/** preValidation of the sign-in route: a multipart body's text fields become the body. */
export async function formDataFields(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') throw badRequest(FORM_MESSAGES.noFiles);
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    // The parser's own limits carry their status (413); a broken body is the client's request, not ours.
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') {
      throw error;
    }
    throw badRequest(FORM_MESSAGES.unreadable);
  }
  request.body = fields;
}
