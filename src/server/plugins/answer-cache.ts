// The serialised answers of polled team reads, kept per process under their ETag. An ETag names the
// team's data version, the reader (and their token version), the address and a 10-minute period
// (team-scope.ts), so two answers with one tag are the same answer: a reader whose own copy is current
// gets a 304, and another tab or device of the same reader polling an unchanged list gets the kept
// body without its rows being read and serialised again. Nothing is ever invalidated: a change grows
// the version and so the tag, and old tags fall out of the byte budget, oldest first.

const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;
/** What a Map entry and its two strings cost beyond their characters (a badge count is 12 of them). */
const ENTRY_OVERHEAD_BYTES = 160;
const MAX_ENTRIES = 50_000;

/** Strings are counted as two bytes a character, as V8 may hold them. */
const sizeOf = (etag: string, body: string) => (body.length + etag.length) * 2 + ENTRY_OVERHEAD_BYTES;

export class AnswerCache {
  private readonly answers = new Map<string, string>();
  private bytes = 0;
  /** Off in the bench's uncached case; on otherwise. */
  enabled = true;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  get(etag: string): string | undefined {
    return this.enabled ? this.answers.get(etag) : undefined;
  }

  set(etag: string, body: string): void {
    if (!this.enabled || this.answers.has(etag)) return;
    const size = sizeOf(etag, body);
    if (size > this.budgetBytes / 16) return;
    this.answers.set(etag, body);
    this.bytes += size;
    for (const [key, kept] of this.answers) {
      if (this.bytes <= this.budgetBytes && this.answers.size <= MAX_ENTRIES) break;
      this.answers.delete(key);
      this.bytes -= sizeOf(key, kept);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}
