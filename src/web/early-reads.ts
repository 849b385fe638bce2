import { startEarlyReads } from './lib/early-reads.ts';
import { warmDateFormats } from './lib/warm-date-formats.ts';

// The script built into index.html (scripts/vite-early-reads.ts): it runs as the page is read, before the
// app's files have arrived. The build puts the signed-in app's file names in place of this constant.
declare const SIGNED_IN_FILES: readonly string[];

startEarlyReads(SIGNED_IN_FILES);
// While the scripts download the main thread is idle: the browser's date formats load then, not inside
// the first screen's render (docs/decisions/052).
warmDateFormats();
