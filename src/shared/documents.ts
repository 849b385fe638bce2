// Team and tournament documents (docs/product/documents.md 'Categories and fields', 'Files';
// docs/decisions/023). Pure rules shared by the server, which decides, and the page, which checks early.

/** docs/product/documents.md 'Categories and fields': the same seven categories on every page. */
export const DOCUMENT_CATEGORIES = [
  'general',
  'waiver',
  'rules',
  'schedule',
  'medical',
  'registration',
  'tournament',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategory = 'general';

export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  general: 'General',
  waiver: 'Waivers & Forms',
  rules: 'Rules & Policies',
  schedule: 'Schedules',
  medical: 'Medical Forms',
  registration: 'Registration',
  tournament: 'Tournament Documents',
};

/** The file types accepted on every upload path, by what their bytes are. */
export const DOCUMENT_TYPES = ['pdf', 'doc', 'docx', 'jpg', 'png', 'gif', 'txt'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The names' extensions each type may carry. */
export const DOCUMENT_EXTENSIONS: Record<DocumentType, readonly string[]> = {
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  gif: ['gif'],
  txt: ['txt'],
};

/** For the file picker's `accept`. */
export const DOCUMENT_ACCEPT = Object.values(DOCUMENT_EXTENSIONS)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',');

/** How each type is served: View (inline) only for those a browser shows without running anything. */
export const DOCUMENT_CONTENT_TYPES: Record<DocumentType, { contentType: string; inline: boolean }> = {
  pdf: { contentType: 'application/pdf', inline: true },
  doc: { contentType: 'application/msword', inline: false },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
  },
  jpg: { contentType: 'image/jpeg', inline: true },
  png: { contentType: 'image/png', inline: true },
  gif: { contentType: 'image/gif', inline: true },
  txt: { contentType: 'text/plain; charset=utf-8', inline: true },
};

export const DOCUMENT_LIMITS = {
  /** docs/product/documents.md: 10 MB, enforced by the server while the bytes arrive. */
  maxBytes: 10 * 1024 * 1024,
  maxMegabytes: 10,
  titleMax: 200,
  descriptionMax: 2000,
  /** Longer file names are cut (keeping the extension) before they are stored. */
  filenameMax: 200,
  /** Bytes the type check reads from the start of a file. */
  sniffBytes: 8192,
} as const;

export const DOCUMENT_MESSAGES = {
  pageTitle: 'Team Documents',
  noTeamsSelectedTitle: 'No Teams Selected',
  noTeamsSelected: 'Please select at least one team to upload the document to.',
  missingInformationTitle: 'Missing Information',
  missingInformation: (missing: readonly string[]) => `Please provide: ${missing.join(', ')}`,
  validationErrorTitle: 'Validation Error',
  titleRequired: 'Please provide a title for the document',
  uploaded: (files: number, teams: number) => `Successfully uploaded ${files} file(s) to ${teams} team(s)!`,
  partialTitle: 'Partial Success',
  partial: (done: number, total: number, failures: readonly string[]) =>
    `Successfully uploaded ${done} out of ${total} files. Failed uploads: ${failures.join(', ')}`,
  uploadFailedTitle: 'Upload Failed',
  uploadFailedAll: (errors: readonly string[]) => `Failed to upload any files. Errors: ${errors.join(', ')}`,
  fileUploaded: 'File uploaded successfully!',
  noTournament: 'No tournament selected for file upload',
  tooLargeAlert: `File size must be less than ${DOCUMENT_LIMITS.maxMegabytes} MB`,
  loadFailed: 'Failed to load documents',
  uploadFailed: 'Failed to upload document',
  downloadFailed: 'Failed to download document',
  /**
   * docs/product/documents.md: the documents page's failures are titled 'Error'; the events screen's
   * 'Download Failed'.
   */
  errorTitle: 'Error',
  downloadFailedTitle: 'Download Failed',
  /** docs/product/documents.md 'Who may do what': who sees the file, said beside the Public box. */
  audience: (isPublic: boolean) =>
    isPublic
      ? 'Everyone on the team can see and download this file, parents and players included.'
      : "Only the team's coaches, club admins and moderators with the Upload Files permission can see this file; parents and players cannot.",
  updateFailed: 'Failed to update document',
  deleteFailed: 'Failed to delete document',
  updated: 'Document updated successfully',
  deleted: 'Document deleted successfully',
  deleteConfirm: (title: string) =>
    `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  // Server answers.
  notFound: 'Document not found',
  fileMissing: 'File is missing',
  noFile: 'Please choose a file to upload',
  malformedUpload: 'The upload was not a complete multipart/form-data body; please try again',
  tooLarge: `The file is larger than ${DOCUMENT_LIMITS.maxMegabytes} MB`,
  emptyFile: 'The file is empty',
  notAccepted:
    'This type of file is not accepted. Upload a PDF, Word document, picture (JPG, PNG, GIF) or text file.',
  program: 'Programs and scripts cannot be uploaded',
  webPage: 'Web pages and SVG images cannot be uploaded; save it as a PDF instead',
  mismatch: (extension: string, found: DocumentType) =>
    `The file is named .${extension} but its contents are a ${found.toUpperCase()} file; rename it and try again`,
  tournamentNotFound: 'Tournament not found',
} as const;

/** A size as the documents list shows it: Bytes, KB, MB or GB (1024 steps, one decimal above Bytes). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} Bytes`;
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** The extension of a file name, lower-cased, without the dot ('' when none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** The name without its extension: the base of a title (docs/product/documents.md). */
export function titleFromFilename(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 ? filename.slice(0, dot) : filename).trim();
}

export type SniffResult = { ok: true; type: DocumentType } | { ok: false; detail: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Text that a browser would run or render as a page, whatever the name says. */
const MARKUP = /^\s*(<\?xml|<!doctype|<html|<svg|<script|<body|<head|<iframe|<object)/i;

function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    // The sniffed prefix may end inside a character: `stream` keeps an unfinished last character for a
    // next chunk instead of failing, while any invalid sequence before it still fails.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * What the first bytes of a file are (docs/product/documents.md 'Files': the bytes decide, not the name),
 * checked against the name's extension. Programs, web pages and SVG are refused outright.
 */
export function sniffDocumentType(head: Uint8Array, filename: string): SniffResult {
  const extension = extensionOf(filename);
  const found = detect(head);
  if (found === 'program') return { ok: false, detail: DOCUMENT_MESSAGES.program };
  if (found === 'markup') return { ok: false, detail: DOCUMENT_MESSAGES.webPage };
  if (found === null) return { ok: false, detail: DOCUMENT_MESSAGES.notAccepted };
  if (!DOCUMENT_EXTENSIONS[found].includes(extension)) {
    const known = DOCUMENT_TYPES.some((type) => DOCUMENT_EXTENSIONS[type].includes(extension));
    return {
      ok: false,
      detail: known ? DOCUMENT_MESSAGES.mismatch(extension, found) : DOCUMENT_MESSAGES.notAccepted,
    };
  }
  return { ok: true, type: found };
}

function detect(head: Uint8Array): DocumentType | 'program' | 'markup' | null {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  // Word 97-2003: an OLE compound file.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  // Word 2007+: a ZIP whose parts name a word document (Word writes them within the first few KB). Any
  // other Office file ([Content_Types].xml with xl/ or ppt/ parts, macros possibly) is not a .docx.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const text = new TextDecoder('latin1').decode(head);
    return text.includes('word/') ? 'docx' : null;
  }
  // Windows and Linux programs, Mach-O, and scripts with an interpreter line.
  if (
    startsWith(head, ascii('MZ')) ||
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(head, ascii('#!'))
  ) {
    return 'program';
  }
  if (head.length === 0 || !looksLikeText(head)) return null;
  const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  return MARKUP.test(text) ? 'markup' : 'txt';
}
