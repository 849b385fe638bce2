import http from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException, isTransientConflict } from '../db/errors.ts';
import { HttpError } from '../http-error.ts';
import { helmetHeaders } from './security.ts';

// Every error answer is JSON {detail}. Bad input is a 4xx that names the problem; only our own
// faults are 500s, and those never show internals.

const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but the content type is application/json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** The first validation problem as a sentence naming the field. */
function validationDetail(issues: ZodIssueLike[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const issuePath = first.params?.issue?.path ?? [];
  const field = issuePath.length
    ? issuePath.join('.')
    : (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const message = first.params?.issue?.message ?? first.message ?? 'is invalid';
  // Our own messages already name the field ('Name is required'); zod's generic ones do not.
  const generic = /^(Invalid|Expected|Unrecognized|Too (big|small))/i.test(message);
  // No field: the body itself is missing or not an object.
  if (!field) return generic ? 'Request body must be a JSON object' : message;
  return generic ? `${field}: ${message}` : message;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ detail: validationDetail(error.validation as ZodIssueLike[]) });
    }
    // A value the database cannot store (a NUL character, an impossible date, a number out of range)
    // came from the request: the user's problem to fix, not a fault of ours.
    if (isDataException(error)) {
      return reply.status(400).send({ detail: 'The request contains a value that cannot be stored' });
    }
    if (isTransientConflict(error)) {
      request.log.warn({ err: error }, 'write met another write; asked to retry');
      return reply
        .status(503)
        .header('Retry-After', '1')
        .send({ detail: 'Another change was being saved at the same moment. Please try again.' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      void reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (status >= 400 && status < 500) {
      const detail = (error.code && FASTIFY_DETAILS[error.code]) || error.message || 'Bad request';
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
});

// Errors the framework and Node's HTTP parser answer before any route runs: they get {detail} too.

const frameworkHeaders = helmetHeaders();

const FRAMEWORK_DETAILS: Record<string, { status: number; detail: string }> = {
  FST_ERR_BAD_URL: { status: 400, detail: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: 'A part of the address is too long' },
};

export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const known = FRAMEWORK_DETAILS[error.code] ?? { status: 400, detail: 'Bad request' };
  // These answers skip every hook, the security plugin's too: they get its headers here.
  void reply
    .headers(frameworkHeaders)
    .header('Cache-Control', 'no-store')
    .status(known.status)
    .send({ detail: known.detail });
};

/** What Node's parser reports (a header too large, a malformed request, a body that never finished). */
function clientErrorAnswer(code: string | undefined): { status: number; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, detail: 'Request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, detail: 'The request took too long to arrive' };
  return { status: 400, detail: 'The request is malformed' };
}

export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = clientErrorAnswer(error.code);
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
