import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_TOO_SLOW } from './errors.ts';
import { helmetHeaders } from './security.ts';

// Request bodies that come too slowly (decision 008, its update of issue 17; docs/decisions/026). A
// phone uploading a 10 MB document at 1 Mbit/s sends 125 KB/s and must get through, however long it
// takes (up to the 10-minute request limit); a client sending a byte every few seconds to hold the
// connection must not. So a body is cut, with 408 {detail}, when:
// - it is not a multipart upload (JSON and forms are at most 64 KB) and has not arrived in 20 s;
// - in any 20 s while the server is waiting for it, less than 1 KB a second arrived on average;
// - nothing at all arrived for the server's idle limit (the socket's timeout).
// Time in which the server itself is not reading (a route that has not started on the body yet, a blob
// store slow to take a part, so the body is held back) is never the sender's fault and is not counted.

export interface SlowBodyLimits {
  /** Non-multipart bodies must be whole within this. */
  shortBodyMs: number;
  /** The period over which a body's rate is averaged. */
  rateWindowMs: number;
  /** The least average rate over a period, while the server waits for the body. */
  minBytesPerSecond: number;
  /** How often bodies are looked at. */
  checkEveryMs: number;
}

export const SLOW_BODY_LIMITS: SlowBodyLimits = {
  shortBodyMs: 20_000,
  rateWindowMs: 20_000,
  minBytesPerSecond: 1024,
  checkEveryMs: 2_000,
};

interface Watched {
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  started: number;
  multipart: boolean;
  windowStart: number;
  windowBytes: number;
}

const headers = helmetHeaders();

/** True while the route reads the body and has read all that came: any delay is the sender's. */
function serverIsWaiting(req: IncomingMessage): boolean {
  return req.readableFlowing === true && req.readableLength === 0;
}

/** Answers 408 {detail} (unless an answer has begun) and closes the connection. */
function cut(entry: Watched): void {
  const { res, socket } = entry;
  if (socket.destroyed) return;
  if (res.headersSent || res.writableEnded) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ detail: REQUEST_TOO_SLOW });
  res.writeHead(408, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  // The sender may still be sending: once the answer is out, the connection goes.
  res.end(body, () => socket.destroy());
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** A request without Content-Length or Transfer-Encoding, or with Content-Length: 0, has no body. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}

function leaveOpen(): void {}

/** Watches every request's body on the server; answers a function that stops watching. */
export function watchSlowBodies(server: Server, limits: SlowBodyLimits = SLOW_BODY_LIMITS): () => void {
  const watched = new Set<Watched>();

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (req.complete) return;
    if (hasNoBody(req)) {
      // Nothing to wait for (a GET, a poll): the listener only keeps Node from closing the connection
      // while the route is at work, as it does for a body that has arrived whole.
      req.on('timeout', leaveOpen);
      return;
    }
    const now = Date.now();
    const entry: Watched = {
      req,
      res,
      socket: req.socket,
      started: now,
      multipart: /^multipart\//i.test(req.headers['content-type'] ?? ''),
      windowStart: now,
      windowBytes: req.socket.bytesRead,
    };
    watched.add(entry);
    // The socket's idle limit (the server's timeout): a listener here keeps Node from closing the
    // connection without an answer, and gives the stalled body its 408.
    req.on('timeout', () => {
      if (req.complete) return;
      // No longer watched (cut already, or the watch stopped as the app closes): this listener still
      // keeps Node from closing the stalled connection, so it closes it.
      if (!watched.has(entry)) {
        entry.socket.destroy();
        return;
      }
      if (serverIsWaiting(req)) {
        watched.delete(entry);
        cut(entry);
      } else {
        // Held back by the server, not the sender: look again after another idle period.
        entry.socket.setTimeout(server.timeout);
      }
    });
    req.once('close', () => watched.delete(entry));
  };

  const check = () => {
    const now = Date.now();
    for (const entry of watched) {
      const { req, socket } = entry;
      if (req.complete || socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      const read = socket.bytesRead;
      if (!serverIsWaiting(req)) {
        entry.windowStart = now;
        entry.windowBytes = read;
        continue;
      }
      const tooLong = !entry.multipart && now - entry.started >= limits.shortBodyMs;
      const elapsed = now - entry.windowStart;
      const tooSlow =
        elapsed >= limits.rateWindowMs &&
        read - entry.windowBytes < (limits.minBytesPerSecond * elapsed) / 1000;
      if (tooLong || tooSlow) {
        watched.delete(entry);
        cut(entry);
      } else if (elapsed >= limits.rateWindowMs) {
        entry.windowStart = now;
        entry.windowBytes = read;
      }
    }
  };

  server.on('request', onRequest);
  const timer = setInterval(check, limits.checkEveryMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
    watched.clear();
  };
}
