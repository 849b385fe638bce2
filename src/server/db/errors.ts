// Reading PostgreSQL errors. Drizzle wraps the driver's error (pg or PGlite) in `cause`.

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function driverError(error: unknown): PgErrorLike | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
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
 * SQLSTATEs that say the server is going away or cannot serve now: class 08 (connection exception),
 * 57P01-57P03 (administrator or crash shutdown, cannot connect now), class 53 (insufficient resources:
 * disk full, out of memory, too many connections).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || ['57P01', '57P02', '57P03'].includes(code);
}

/** node-postgres's own words for a connection or pool that failed (these errors carry no code). */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|The database thread stopped/i;

/**
 * The database could not be reached (PostgreSQL stopped or restarting, a network cut, a pool that
 * could not connect in time, PGlite's thread gone): nothing was done, and the same request may
 * succeed shortly. Answered 503 with Retry-After (plugins/errors.ts; docs/decisions/026).
 */
export function isConnectionFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string') {
      if (NETWORK_CODES.has(candidate.code)) return true;
      if (/^[0-9A-Z]{5}$/.test(candidate.code) && isUnavailableState(candidate.code)) return true;
    }
    if (typeof candidate.message === 'string' && DRIVER_MESSAGES.test(candidate.message)) return true;
    queue.push(candidate.cause);
    // A connection to a name with several addresses fails with an AggregateError of each attempt.
    if (Array.isArray(candidate.errors)) queue.push(...(candidate.errors as unknown[]));
  }
  return false;
}
