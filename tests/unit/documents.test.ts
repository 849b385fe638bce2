import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  formatFileSize,
  sniffDocumentType,
} from '../../src/shared/documents.ts';
import {
  BlobTooLargeError,
  blobStoreFromConfig,
  folderBlobStore,
} from '../../src/server/blob-store/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { safeFilename } from '../../src/server/features/documents/filename.ts';

// What an upload is, decided by its first bytes (docs/product/documents.md 'Files'), sizes as the
// list shows them, and the stored file name (docs/decisions/023).

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    Buffer.concat(
      parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
    ),
  );

/** A ZIP local file header naming its first entry (what Word writes first: [Content_Types].xml or word/...). */
function zipWith(name: string): Uint8Array {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return new Uint8Array(Buffer.concat([header, Buffer.from(name), Buffer.from('<?xml version="1.0"?>')]));
}

const SAMPLES = {
  pdf: bytes('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1]),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]),
  gif: bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(24).fill(0)),
  docx: zipWith('word/document.xml'),
  txt: new Uint8Array(Buffer.from('Team rules\nBe kind. Équipe — チーム 日本語\n', 'utf8')),
};

describe('sniffDocumentType', () => {
  it.each([
    ['pdf', 'rules.pdf'],
    ['png', 'photo.png'],
    ['jpg', 'photo.jpg'],
    ['jpg', 'photo.JPEG'],
    ['gif', 'anim.gif'],
    ['doc', 'waiver.doc'],
    ['docx', 'waiver.docx'],
    ['txt', 'notes.txt'],
  ] as const)('accepts a %s named %s', (type, name) => {
    const sample = SAMPLES[type];
    expect(sniffDocumentType(sample, name)).toEqual({ ok: true, type });
  });

  it('accepts a docx whose first entry is [Content_Types].xml and whose parts name word/', () => {
    const word = new Uint8Array(
      Buffer.concat([zipWith('[Content_Types].xml'), zipWith('_rels/.rels'), zipWith('word/document.xml')]),
    );
    expect(sniffDocumentType(word, 'form.docx')).toEqual({ ok: true, type: 'docx' });
  });

  it('refuses another Office file (a spreadsheet) renamed .docx', () => {
    const sheet = new Uint8Array(Buffer.concat([zipWith('[Content_Types].xml'), zipWith('xl/workbook.xml')]));
    expect(sniffDocumentType(sheet, 'form.docx')).toEqual({
      ok: false,
      detail: DOCUMENT_MESSAGES.notAccepted,
    });
  });

  it('accepts UTF-8 text with a byte-order mark, and a prefix cut inside a character', () => {
    expect(sniffDocumentType(bytes([0xef, 0xbb, 0xbf], 'hello'), 'a.txt')).toEqual({ ok: true, type: 'txt' });
    const cut = Buffer.from('日本語', 'utf8').subarray(0, 7);
    expect(sniffDocumentType(new Uint8Array(cut), 'a.txt')).toEqual({ ok: true, type: 'txt' });
  });

  it.each([
    [
      'a Windows program renamed .pdf',
      bytes('MZ', [0x90, 0, 3, 0]),
      'invoice.pdf',
      DOCUMENT_MESSAGES.program,
    ],
    ['a Linux program', bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), 'tool.txt', DOCUMENT_MESSAGES.program],
    ['a shell script named .txt', bytes('#!/bin/sh\nrm -rf /\n'), 'notes.txt', DOCUMENT_MESSAGES.program],
    [
      'a web page named .txt',
      bytes('<html><script>alert(1)</script></html>'),
      'notes.txt',
      DOCUMENT_MESSAGES.webPage,
    ],
    [
      'an SVG named .png',
      bytes('  <svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'logo.png',
      DOCUMENT_MESSAGES.webPage,
    ],
    ['a PNG named .pdf', SAMPLES.png, 'scan.pdf', DOCUMENT_MESSAGES.mismatch('pdf', 'png')],
    [
      'a zip that is not a Word file',
      zipWith('photos/img1.jpg'),
      'photos.docx',
      DOCUMENT_MESSAGES.notAccepted,
    ],
    [
      'binary junk',
      bytes([0x00, 0x13, 0x37, 0xff, 0xfe, 0x00, 0x01]),
      'data.txt',
      DOCUMENT_MESSAGES.notAccepted,
    ],
    ['a PDF with an unknown extension', SAMPLES.pdf, 'rules.exe', DOCUMENT_MESSAGES.notAccepted],
    ['nothing at all', new Uint8Array(), 'empty.txt', DOCUMENT_MESSAGES.notAccepted],
  ])('refuses %s', (_label, head, name, detail) => {
    expect(sniffDocumentType(head, name)).toEqual({ ok: false, detail });
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [DOCUMENT_LIMITS.maxBytes, '10 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [-1, ''],
  ])('%d -> %s', (size, text) => {
    expect(formatFileSize(size)).toBe(text);
  });
});

describe('safeFilename', () => {
  it('keeps only the last path part, without hidden dots', () => {
    expect(safeFilename('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(safeFilename('C:\\Users\\coach\\rules.pdf')).toBe('rules.pdf');
    expect(safeFilename('..')).toBe('document');
    expect(safeFilename('.htaccess')).toBe('htaccess');
  });

  it('removes control and direction-override characters, keeps every script', () => {
    expect(safeFilename('a\u0000b\r\nc\u0007.pdf')).toBe('abc.pdf');
    expect(safeFilename('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(safeFilename('Ünïcødé 日本語.pdf')).toBe('Ünïcødé 日本語.pdf');
  });

  it('cuts a long name to the limit, keeping the extension', () => {
    const cut = safeFilename(`${'a'.repeat(300)}.pdf`);
    expect(cut).toHaveLength(DOCUMENT_LIMITS.filenameMax);
    expect(cut.endsWith('a.pdf')).toBe(true);
    const wide = safeFilename(`${'日'.repeat(300)}.txt`);
    expect([...wide]).toHaveLength(DOCUMENT_LIMITS.filenameMax);
    expect(wide.endsWith('.txt')).toBe(true);
  });
});

describe('the folder blob store', () => {
  it('writes whole blobs only, refuses past maxBytes leaving nothing, and reads a missing key as null', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-blobs-'));
    try {
      const store = folderBlobStore(folder);
      const key = randomUUID();
      expect(
        await store.put(key, Readable.from([Buffer.from('abc'), Buffer.from('def')]), { maxBytes: 6 }),
      ).toBe(6);
      const got = await store.get(key);
      expect(got?.size).toBe(6);
      const chunks: Buffer[] = [];
      for await (const chunk of got?.stream ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('abcdef');

      const big = randomUUID();
      await expect(
        store.put(big, Readable.from([Buffer.alloc(4), Buffer.alloc(4)]), { maxBytes: 6 }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(fs.readdirSync(folder)).toEqual([key]);
      expect(await store.get(big)).toBeNull();
      expect(await store.exists(big)).toBe(false);
      await store.remove(big);
      await expect(store.put('../../etc/passwd', Readable.from([]), { maxBytes: 1 })).rejects.toThrow(
        /Not a blob key/,
      );
      await store.remove(key);
      expect(await store.list()).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is the store unless S3_ENDPOINT and S3_BUCKET are both set', () => {
    expect(blobStoreFromConfig(loadConfig({ DATA_DIR: '/tmp/x' })).kind).toBe('folder');
    expect(
      blobStoreFromConfig(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'club-docs' })).kind,
    ).toBe('s3');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ENDPOINT and S3_BUCKET must be set together/,
    );
  });
});
