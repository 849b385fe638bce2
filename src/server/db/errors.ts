import { DrizzleQueryError } from 'drizzle-orm';

// Reading PostgreSQL errors. Only errors that come from the database are read as the database's: a
// failed query (Drizzle's DrizzleQueryError, whose `cause` is the driver's error), and what the drivers
// raise outside a query, which connect.ts and pglite-thread.ts mark with `fromDatabase` (a pool that
// could not connect for a transaction, PGlite's thread gone). An ECONNRESET from a request's own
// stream (a phone dropping mid-upload) or a code an unrelated library uses is never the database's.

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

const FROM_DATABASE = Symbol('fromDatabase');

/** Marks `error` as raised by the database driver, so that the readers below take it as the database's. */
export function fromDatabase<T>(error: T): T {
  if (typeof error === 'object' && error !== null && !Object.isFrozen(error)) {
    Object.defineProperty(error, FROM_DATABASE, { value: true });
  }
  return error;
}

const MAX_DEPTH = 6;

/**
 * The errors of the database in `error`'s cause chain: a failed query's cause and what it holds, and
 * marked errors with theirs (an AggregateError's attempts included). Empty when none came from it.
 */
function databaseErrors(error: unknown): PgErrorLike[] {
  const found: PgErrorLike[] = [];
  const seen = new Set<unknown>();
  const walk = (current: unknown, depth: number, inside: boolean) => {
    if (!current || typeof current !== 'object' || seen.has(current) || depth > MAX_DEPTH) return;
    seen.add(current);
    const candidate = current as PgErrorLike & { [FROM_DATABASE]?: true };
    const ours = inside || candidate[FROM_DATABASE] === true;
    if (ours) found.push(candidate);
    walk(candidate.cause, depth + 1, ours || current instanceof DrizzleQueryError);
    if (Array.isArray(candidate.errors)) {
      for (const each of candidate.errors as unknown[]) walk(each, depth + 1, ours);
    }
  };
  walk(error, 0, false);
  return found;
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

function driverError(error: unknown): PgErrorLike | undefined {
  return databaseErrors(error).find((candidate) => isSqlState(candidate.code));
}

/** The five-character SQLSTATE of a failed query, if the error came from the database. */
export function sqlState(error: unknown): string | undefined {
  return driverError(error)?.code as string | undefined;
}

/** True when a unique index refused the row (optionally: that index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === undefined || found.constraint === constraint;
}

/**
 * Class 22 (data exception): a value the database cannot hold, such as a NUL character in text, a
 * number out of range or an impossible date. These come from what the user sent, never from our code.
 */
export function isDataException(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}

/**
 * A deadlock (40P01) or serialization failure (40001): two writes met at the wrong moment. Nothing was
 * stored; the same request asked again succeeds.
 */
export function isTransientConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
}

/** Socket failures of a database connection: the server is down, restarting, or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs that say the server is going away or cannot serve now: class 08 (connection exception) but
 * 08P01 (protocol violation: a bug of ours, such as too many bind parameters), 57P01-57P03
 * (administrator or crash shutdown, cannot connect now), class 53 (insufficient resources: disk full,
 * out of memory, too many connections).
 */
function isUnavailableState(code: string): boolean {
  if (code === '08P01') return false;
  return code.startsWith('08') || code.startsWith('53') || ['57P01', '57P02', '57P03'].includes(code);
}

/** node-postgres's own words for a connection that failed (these errors carry no code), and PGlite's. */
const DRIVER_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Connection ended unexpectedly|The database thread stopped/i;

/** node-postgres's pool waited its connectionTimeoutMillis for one of its connections to be free. */
const POOL_WAIT_MESSAGE = /timeout exceeded when trying to connect/i;

/**
 * The database could not be reached (PostgreSQL stopped or restarting, a network cut, a connection that
 * could not be opened in time, PGlite's thread gone): nothing was done, and the same request may
 * succeed shortly. Answered 503 with Retry-After (plugins/errors.ts; docs/decisions/026).
 */
export function isConnectionFailure(error: unknown): boolean {
  return databaseErrors(error).some((candidate) => {
    const { code, message } = candidate;
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || (isSqlState(code) && isUnavailableState(code)))
    ) {
      return true;
    }
    return typeof message === 'string' && DRIVER_MESSAGES.test(message);
  });
}

/**
 * Every pooled connection was busy for the pool's whole wait: the database is fine, this process has
 * more requests at once than connections (DATABASE_POOL_SIZE). Answered 503 'busy' (plugins/errors.ts).
 */
export function isPoolBusy(error: unknown): boolean {
  return databaseErrors(error).some(
    (candidate) => typeof candidate.message === 'string' && POOL_WAIT_MESSAGE.test(candidate.message),
  );
}
