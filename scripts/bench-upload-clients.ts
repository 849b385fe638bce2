// Upload clients of the bench's documents section (scripts/bench.ts). `streamUpload` sends a file to
// POST /api/documents/upload/{teamId} as multipart/form-data with the text fields first, streaming the
// file from disk (never a Buffer of it). Run as a process of its own (the memory case), it reads one JSON
// line { url, token, file, count } from stdin, sends `count` uploads at once and prints
// `done <json>`: each answer's status and time in ms.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface Uploaded {
  status: number;
  body: string;
  ms: number;
}

export function streamUpload(
  url: string,
  token: string,
  file: string,
  fields: Record<string, string>,
): Promise<Uploaded> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
    'Content-Type: application/pdf\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + fs.statSync(file).size + Buffer.byteLength(tail);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    const body = fs.createReadStream(file);
    body.on('error', reject);
    body.on('end', () => request.end(tail));
    body.pipe(request, { end: false });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = readline.createInterface({ input: process.stdin });
  const first = await lines[Symbol.asyncIterator]().next();
  const setup = JSON.parse(String(first.value)) as {
    url: string;
    token: string;
    file: string;
    count: number;
  };
  const results = await Promise.all(
    Array.from({ length: setup.count }, (_, i) =>
      streamUpload(setup.url, setup.token, setup.file, {
        title: `Memory ${i + 1}`,
        category: 'general',
        is_public: 'true',
      }),
    ),
  );
  console.log(`done ${JSON.stringify(results.map(({ status, ms }) => ({ status, ms: Math.round(ms) })))}`);
  lines.close();
}
