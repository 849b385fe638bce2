import type { BlobStore } from '../../blob-store/index.ts';
import type { Database } from '../../db/connect.ts';
import { withTimeout } from '../../with-timeout.ts';

// What /api/health looks at (docs/decisions/026): the database, the blob store and the mail server.
// Each check has a short timeout, and the blob store's answer is kept for a few seconds, so a monitor
// polling every second costs one look per period and a dependency that hangs costs one timeout per
// period, not one per poll. Mail is what the sender last saw, probed with an SMTP session only when
// no send said anything for minutes (mail/mail-status.ts). Public answers say what fails without names
// or addresses; the log says it in full, once each time a part starts or stops failing.

export type PartName = 'database' | 'blob_store' | 'mail';
/** 'ok', or 'failing: <what is wrong, without names or addresses>'. */
export type CheckResult = string;

export interface Logger {
  warn(message: string): void;
  info(message: string): void;
}

const TIMEOUT_MS = 3_000;
const KEEP_MS = 5_000;

/** A failure with what the public may read (`reason`) and what the log gets (the message). */
export class CheckFailure extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** The public reason and the logged message of any error a check met. */
function describe(error: unknown): { reason: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  const { reason, code } = error as { reason?: unknown; code?: unknown };
  if (typeof reason === 'string') return { reason, message };
  // nodemailer's code for a server that answered but refused the SMTP_URL's user and password.
  if (code === 'EAUTH') return { reason: 'the sign-in was refused', message };
  if (code === 'ETIMEDOUT') return { reason: 'no answer in time', message };
  return { reason: 'not reachable', message };
}

interface Part {
  name: PartName;
  /** For the 503's detail: 'Database is not reachable'. */
  label: string;
  probe: () => Promise<void>;
  keepMs: number;
}

export interface HealthReport {
  ok: boolean;
  checks: Record<PartName, CheckResult>;
  /** Labels of the failing parts, in order. */
  failing: string[];
}

export function createHealthChecks(options: {
  /** Its ping: `select 1`, beside the pool on PostgreSQL (a busy pool is not the database down). */
  database: Pick<Database, 'ping'>;
  blobStore: Pick<BlobStore, 'check'>;
  /** What the mail sender last saw of the SMTP server, or a probe of it (mail/mail-status.ts). */
  mail: { check(timeoutMs: number): Promise<void> };
  log: Logger;
}) {
  const parts: Part[] = [
    {
      name: 'database',
      label: 'Database',
      // Cheap, and the first thing to know about: not kept.
      probe: () => options.database.ping(TIMEOUT_MS),
      keepMs: 0,
    },
    {
      name: 'blob_store',
      label: 'Blob store',
      probe: () => options.blobStore.check({ timeoutMs: TIMEOUT_MS }),
      keepMs: KEEP_MS,
    },
    {
      name: 'mail',
      label: 'Mail server',
      probe: () => options.mail.check(TIMEOUT_MS),
      // Kept by the mail status itself, for minutes.
      keepMs: 0,
    },
  ];
  const kept = new Map<PartName, { at: number; result: Promise<CheckResult> }>();
  const lastLogged = new Map<PartName, string>();

  async function run(part: Part): Promise<CheckResult> {
    let result: CheckResult;
    let message = '';
    try {
      await withTimeout(
        part.probe(),
        TIMEOUT_MS,
        () => new CheckFailure('no answer in time', `no answer within ${TIMEOUT_MS} ms`),
      );
      result = 'ok';
    } catch (error) {
      const described = describe(error);
      result = `failing: ${described.reason}`;
      message = described.message;
    }
    // Said once each time the part starts or stops failing, not on every poll.
    const before = lastLogged.get(part.name) ?? 'ok';
    if (result !== before) {
      lastLogged.set(part.name, result);
      if (result === 'ok') options.log.info(`${part.label} check: ok again`);
      else options.log.warn(`${part.label} check failing: ${message}`);
    }
    return result;
  }

  function check(part: Part): Promise<CheckResult> {
    const now = Date.now();
    const last = kept.get(part.name);
    if (last && now - last.at < part.keepMs) return last.result;
    const result = run(part);
    kept.set(part.name, { at: now, result });
    return result;
  }

  return {
    async report(): Promise<HealthReport> {
      const results = await Promise.all(parts.map((part) => check(part)));
      const checks = Object.fromEntries(parts.map((part, i) => [part.name, results[i]])) as Record<
        PartName,
        CheckResult
      >;
      const failing = parts.filter((_part, i) => results[i] !== 'ok').map((part) => part.label);
      return { ok: failing.length === 0, checks, failing };
    },
  };
}

export type HealthChecks = ReturnType<typeof createHealthChecks>;

/** 'Database is not reachable', 'Database and blob store are not reachable'. */
export function failingDetail(labels: string[]): string {
  const [first = 'A part', ...rest] = labels;
  if (rest.length === 0) return `${first} is not reachable`;
  const others = rest.map((label) => label.toLowerCase());
  return `${[first, ...others.slice(0, -1)].join(', ')} and ${others[others.length - 1]} are not reachable`;
}
