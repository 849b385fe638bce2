import { DOCUMENT_LIMITS, extensionOf } from '../../../shared/documents.ts';

// The uploader's file name as it is stored and sent back in Content-Disposition: only its last path
// part, without control or direction-override characters, at most DOCUMENT_LIMITS.filenameMax
// characters with its extension kept. Letters of every script stay. It is never used as a path: blobs
// live under random keys.

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidirectional overrides and isolates make 'gpj.exe' look like 'exe.jpg'. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function safeFilename(name: string, max: number = DOCUMENT_LIMITS.filenameMax): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(BIDI, '')
    .trim()
    // No hidden names ('.htaccess') or '..'.
    .replace(/^\.+/, '')
    .trim();
  const cleaned = base === '' ? 'document' : base;
  const chars = [...cleaned];
  if (chars.length <= max) return cleaned;
  const extension = extensionOf(cleaned);
  const suffix =
    extension && extension.length < 10 ? `.${[...cleaned].slice(-extension.length).join('')}` : '';
  const stem = chars
    .slice(0, max - [...suffix].length)
    .join('')
    .trimEnd();
  return `${stem}${suffix}`;
}
