import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';

// The serialised answers of polled team reads, kept per process under a key that names everything the
// answer depends on. For most reads that key is the ETag: the team's data version, the reader (and
// their token version), the address and a 10-minute period (team-scope.ts), so two answers with one
// tag are the same answer. Reads whose answer is the same for every member of the team (the events
// lists) are kept under the tag without the reader, so the first parent to open the schedule after a
// change reads the rows and every other member gets the kept answer. Nothing is ever invalidated: a
// change grows the version and so the key, and old keys fall out of the byte budget, oldest first.
//
// A large answer is also kept gzipped, compressed once: a phone on a weak signal downloads a tenth of
// the bytes, and the server writes a tenth to the socket.

const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;
/** What a Map entry and its strings cost beyond their characters (a badge count is 12 of them). */
const ENTRY_OVERHEAD_BYTES = 160;
const MAX_ENTRIES = 50_000;
/** Below this an answer fits in a packet or two and compressing it saves nothing worth the work. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Up to this many characters an answer is compressed on the event loop: handing it to the thread pool
 * costs more than compressing it (a 55 KB list: 100 µs inline at level 1, 290 µs of CPU through the
 * pool's stream), and on two cores the pool's thread takes its CPU from the requests all the same.
 * Larger answers (a season's calendar feed) go to the pool, so no request waits behind them.
 */
const COMPRESS_INLINE_BELOW = 128 * 1024;
/**
 * Level 1: the first read after a change pays the compression, and lists are read anew after every
 * change of their team. Zlib's default level 6 took 1.9-2.7 times as long for at most 12 % fewer
 * bytes (the tournaments list of 55 KB: 3.2 against 3.6 KB; the roster, practices and announcements
 * within 4 %).
 */
const LEVEL = 1;
const gzipAsync = promisify(gzip);
export const compress = async (body: string, level = LEVEL): Promise<Buffer> =>
  body.length < COMPRESS_INLINE_BELOW ? gzipSync(body, { level }) : gzipAsync(body, { level });

export interface KeptAnswer {
  body: string;
  /** The body gzipped; absent for small answers and until the compression has finished. */
  gzipped?: Buffer;
}

/** Strings are counted as two bytes a character, as V8 may hold them. */
const sizeOf = (key: string, answer: KeptAnswer) =>
  (answer.body.length + key.length) * 2 + (answer.gzipped?.length ?? 0) + ENTRY_OVERHEAD_BYTES;

export class AnswerCache {
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;
  /** Off in the bench's uncached case; on otherwise. */
  enabled = true;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  get(key: string): KeptAnswer | undefined {
    return this.enabled ? this.answers.get(key) : undefined;
  }

  /** Keeps `body`, and its gzipped bytes when given (they may come later through `set` again). */
  set(key: string, body: string, gzipped?: Buffer): void {
    if (!this.enabled) return;
    const kept = this.answers.get(key);
    if (kept && (kept.gzipped || !gzipped)) return;
    const answer: KeptAnswer = gzipped ? { body, gzipped } : { body };
    const size = sizeOf(key, answer);
    if (size > this.budgetBytes / 16) return;
    if (kept) {
      this.answers.delete(key);
      this.bytes -= sizeOf(key, kept);
    }
    this.answers.set(key, answer);
    this.bytes += size;
    for (const [oldKey, old] of this.answers) {
      if (this.bytes <= this.budgetBytes && this.answers.size <= MAX_ENTRIES) break;
      this.answers.delete(oldKey);
      this.bytes -= sizeOf(oldKey, old);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}

/** The answers for the Accept-Encoding headers seen: a browser sends the same one on every request. */
const gzipAccepted = new Map<string, boolean>();
const MAX_ENCODING_HEADERS = 1_000;

/** Whether an Accept-Encoding header admits gzip (a `q=0` refuses it; `*` admits it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  let accepted = gzipAccepted.get(header);
  if (accepted === undefined) {
    accepted = admitsGzip(header);
    if (gzipAccepted.size >= MAX_ENCODING_HEADERS) gzipAccepted.clear();
    gzipAccepted.set(header, accepted);
  }
  return accepted;
}

function admitsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const quality = params.find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}
