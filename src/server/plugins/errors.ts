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
import { BlobStoreUnavailableError } from '../blob-store/blob-store.ts';
import { isConnectionFailure, isDataException, isPoolBusy, isTransientConflict } from '../db/errors.ts';
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

/** What a request that needs a dependency that is down answers (503, docs/decisions/026). */
export const DEPENDENCY_DOWN = {
  database: 'The database is not reachable right now. Please try again in a moment.',
  blobStore: 'File storage is not reachable right now. Please try again in a moment.',
} as const;
/** Every database connection of this process was busy for the pool's whole wait (503). */
export const SERVER_BUSY = 'The server is busy right now. Please try again in a moment.';
/** Seconds a client should wait before asking again when a dependency is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * Reads what is left of a request body the route did not read (an upload the store refused half way),
 * so the client gets the answer rather than a connection cut while it is still sending (EPIPE). Only up
 * to the route's own body limit: a body declared or found larger (a 10 MB JSON to a 64 KB route) is not
 * waited for. Slow senders are still cut by the body watchdog (slow-bodies.ts), which ends the wait.
 * False when the answer should close the connection instead (the rest is too large, the request went
 * away, or the watchdog answered).
 */
function drainBody(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  const limit = request.routeOptions.bodyLimit ?? 0;
  const declared = Number(raw.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (drained: boolean) => {
      raw.off('data', count).off('end', ended).off('close', closed).off('error', closed);
      reply.raw.off('close', closed);
      if (!drained) raw.pause();
      resolve(drained);
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) finish(false);
    };
    const ended = () => finish(true);
    const closed = () => finish(false);
    // The multipart parser stops reading once the route gave up: the rest is read here and dropped.
    raw.unpipe();
    raw.on('data', count).on('end', ended).on('close', closed).on('error', closed);
    // The body watchdog answered 408 meanwhile (the request itself then never ends nor closes).
    reply.raw.once('close', closed);
    raw.resume();
  });
}

/** The client went away (a phone dropping mid-upload): no answer can reach it. */
function clientGone(request: FastifyRequest): boolean {
  return request.raw.aborted || request.raw.socket?.destroyed === true;
}

interface ErrorAnswer {
  status: number;
  detail: string;
  retryAfterSeconds?: number;
}

function answerFor(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, detail: validationDetail(error.validation as ZodIssueLike[]) };
  }
  // A refusal chosen on purpose (ours, or the framework's: a body too large, bad JSON) is answered as
  // it is, whatever it wraps.
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const detail = (error.code && FASTIFY_DETAILS[error.code]) || error.message || 'Bad request';
    const retryAfterSeconds = error instanceof HttpError ? error.retryAfterSeconds : undefined;
    return { status, detail, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
  }
  // A value the database cannot store (a NUL character, an impossible date, a number out of range)
  // came from the request: the user's problem to fix, not a fault of ours.
  if (isDataException(error)) {
    return { status: 400, detail: 'The request contains a value that cannot be stored' };
  }
  if (isTransientConflict(error)) {
    request.log.warn({ err: error }, 'write met another write; asked to retry');
    return {
      status: 503,
      detail: 'Another change was being saved at the same moment. Please try again.',
      retryAfterSeconds: 1,
    };
  }
  // A dependency that is down: nothing was done, and the same request succeeds once it is back.
  if (error instanceof BlobStoreUnavailableError) {
    request.log.warn({ err: error }, `the blob store is not usable: ${error.message}`);
    return {
      status: 503,
      detail: DEPENDENCY_DOWN.blobStore,
      retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
    };
  }
  if (isPoolBusy(error)) {
    request.log.warn({ err: error }, 'every database connection was busy (DATABASE_POOL_SIZE)');
    return { status: 503, detail: SERVER_BUSY, retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS };
  }
  if (isConnectionFailure(error)) {
    request.log.warn({ err: error }, 'the database is not reachable');
    return {
      status: 503,
      detail: DEPENDENCY_DOWN.database,
      retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
    };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, detail: 'Something went wrong on our side. Please try again.' };
}

/** Already answered (a body cut for its pace, slow-bodies.ts): nothing more may be sent. */
const answered = (reply: FastifyReply) => reply.sent || reply.raw.headersSent;

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // The route's late failure says nothing (returning nothing: Fastify sends nothing more).
    if (answered(reply)) return;
    // The request's stream failing because its sender left is no fault of ours or of the database.
    if (clientGone(request)) {
      request.log.debug({ err: error }, 'the client went away before the answer');
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    const answer = answerFor(error, request);
    const drained = await drainBody(request, reply);
    // The body watchdog may have answered 408 while the rest was being read.
    if (answered(reply)) return;
    if (!drained) void reply.header('Connection', 'close');
    if (answer.retryAfterSeconds !== undefined) {
      void reply.header('Retry-After', String(answer.retryAfterSeconds));
    }
    return reply.status(answer.status).send({ detail: answer.detail });
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

/** A request (headers or body) that did not arrive in time: Node's limits and slow-bodies.ts. */
export const REQUEST_TOO_SLOW = 'The request took too long to arrive';

/** What Node's parser reports (a header too large, a malformed request, a body that never finished). */
function clientErrorAnswer(code: string | undefined): { status: number; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, detail: 'Request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: REQUEST_TOO_SLOW };
  return { status: 400, detail: 'The request is malformed' };
}

/**
 * A whole HTTP answer {detail} that closes the connection, for writing straight to a socket (where no
 * request object exists, or before one does), with the headers every answer carries.
 */
export function rawAnswer(status: number, detail: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify({ detail });
  const lines = Object.entries({
    ...frameworkHeaders,
    'cache-control': 'no-store',
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`;
}

export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = clientErrorAnswer(error.code);
  // An answer already under way on this connection (a body still arriving after it): no second one.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) socket.write(rawAnswer(status, detail));
  socket.destroy();
}
