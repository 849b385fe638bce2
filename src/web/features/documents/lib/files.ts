import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  extensionOf,
  titleFromFilename,
} from '../../../../shared/documents.ts';

// What the page checks before sending a file (the server decides again, by the bytes).

const ACCEPTED = new Set(DOCUMENT_TYPES.flatMap((type) => DOCUMENT_EXTENSIONS[type]));

/** Why a chosen file cannot be sent, or null when it may be. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!ACCEPTED.has(extensionOf(file.name))) return DOCUMENT_MESSAGES.notAccepted;
  if (file.size > DOCUMENT_LIMITS.maxBytes) return DOCUMENT_MESSAGES.tooLargeAlert;
  if (file.size === 0) return DOCUMENT_MESSAGES.emptyFile;
  return null;
}

/**
 * The title a file is stored under (docs/product/documents.md): the title as typed for a single file;
 * with several, the base title, ' - ' and the file's name without its extension. Cut to the title limit.
 */
export function titleForFile(baseTitle: string, fileName: string, several: boolean): string {
  const base = baseTitle.trim();
  const title = several ? `${base} - ${titleFromFilename(fileName)}` : base;
  return title.slice(0, DOCUMENT_LIMITS.titleMax);
}

/** 'Mia.pdf' and 'Sam.png' chosen twice are the same file: not added again. */
export function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/** A random key (any page, secure or not): one per file, so its uploads are told apart. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
