// What a log line keeps of an error (docs/product/limits-and-abuse.md 'Privacy in logs and email';
// docs/decisions/026). A failed query's error (Drizzle's DrizzleQueryError) carries the query's values
// (emails, names, phones, password hashes, rate-limit keys) in `params` and at the end of its message;
// PostgreSQL's error carries the failing row in `detail`; a mail server's refusal names the recipient in
// `response`. So only named fields are kept, down the cause chain: the type, the message (a query's
// values cut off), the stack's frames, and the codes that say what failed (SQLSTATE, constraint, table,
// column, errno, HTTP or SMTP status).

const KEPT_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'responseCode',
  'severity',
  'constraint',
  'table',
  'column',
  'reason',
  '$metadata',
] as const;

/** How deep causes are followed (an AggregateError's attempts count as causes). */
const MAX_DEPTH = 4;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError | unknown;
  errors?: (LoggedError | unknown)[];
  [field: string]: unknown;
}

/** A message without a failed query's values: Drizzle ends it with '\nparams: <values>'. */
export function withoutQueryValues(message: string): string {
  const at = message.indexOf('\nparams:');
  return at < 0 ? message : message.slice(0, at);
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** The logger's `err` serializer. */
export function errorForLog(error: Error): LoggedError {
  return described(error, 0) as LoggedError;
}

function described(error: unknown, depth: number): LoggedError | unknown {
  if (!isErrorLike(error)) return error;
  const source = error as Error & Record<string, unknown>;
  const type = typeof source.constructor === 'function' ? source.constructor.name : source.name;
  const message = withoutQueryValues(source.message);
  // The stack's frames only: its first lines repeat the message as it was, values included.
  const frames = (source.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of KEPT_FIELDS) {
    const value = source[field];
    if (value !== undefined && value !== null) logged[field] = value;
  }
  if (depth < MAX_DEPTH) {
    if (source.cause !== undefined) logged.cause = described(source.cause, depth + 1);
    if (Array.isArray(source['errors'])) {
      logged.errors = (source['errors'] as unknown[]).map((each) => described(each, depth + 1));
    }
  }
  return logged;
}
