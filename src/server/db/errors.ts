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
