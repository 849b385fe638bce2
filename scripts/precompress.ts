import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Brotli and gzip copies of the built web app, written beside each file at build time, so the server
// sends them as they are (@fastify/static `preCompressed`) instead of compressing on every request.

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

export function brotli(bytes: Buffer): Buffer {
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export function gzip(bytes: Buffer): Buffer {
  return zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/** Writes `x.br` and `x.gz` beside every compressible file of `dir` that they make smaller. */
export function precompressDirectory(dir: string): string[] {
  const written: string[] = [];
  for (const file of filesUnder(dir)) {
    // The build manifest (.vite/) is read by the budget script, never sent.
    if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.`)) continue;
    const bytes = fs.readFileSync(file);
    for (const [extension, compress] of [
      ['.br', brotli],
      ['.gz', gzip],
    ] as const) {
      const compressed = compress(bytes);
      if (compressed.length >= bytes.length) continue;
      fs.writeFileSync(file + extension, compressed);
      written.push(file + extension);
    }
  }
  return written;
}
