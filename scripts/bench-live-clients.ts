// The clients of the bench's 'live streams' case (scripts/bench.ts), in a process of their own so that
// their sockets and buffers do not count in the app's memory. Reads from stdin one JSON line
// { url, teamId, conversationId, tokens, perToken }, opens perToken streams for every token, and prints
// `opened <count> <failed> <ms>`. On 'go' on stdin it prints 'armed' and waits for the 'messages' change of the
// conversation on every stream (at most 5 s) and prints `times <json>`: each receipt's time in ms
// since the epoch (performance.timeOrigin + performance.now()), null for a stream that got nothing.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';

interface Setup {
  url: string;
  teamId: number;
  conversationId: number;
  tokens: string[];
  perToken: number;
}

const lines = readline.createInterface({ input: process.stdin });
const input = lines[Symbol.asyncIterator]();
const first = await input.next();
const setup = JSON.parse(String(first.value)) as Setup;
const now = () => performance.timeOrigin + performance.now();

const times: (number | null)[] = [];
let waiting = 0;
let armed = false;
let finish: () => void = () => {};

function open(token: string, index: number): Promise<boolean> {
  times[index] = null;
  return new Promise((resolve) => {
    const request = http.get(
      `${setup.url}/api/messaging/stream?team_id=${setup.teamId}`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(false);
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!ready && block.startsWith('event: ready')) {
              ready = true;
              resolve(true);
            } else if (
              armed &&
              times[index] === null &&
              block.startsWith('event: change') &&
              block.includes('"topic":"messages"') &&
              block.includes(`"conversation_id":${setup.conversationId}`)
            ) {
              times[index] = now();
              waiting -= 1;
              if (waiting === 0) finish();
            }
          }
        });
        response.on('close', () => resolve(ready));
      },
    );
    request.on('error', () => resolve(false));
  });
}

const started = now();
const results: boolean[] = [];
// In batches, as pages would arrive: the server answers each after its token and membership checks.
const all = setup.tokens.flatMap((token) => Array.from({ length: setup.perToken }, () => token));
for (let i = 0; i < all.length; i += 100) {
  results.push(...(await Promise.all(all.slice(i, i + 100).map((token, j) => open(token, i + j)))));
}
const opened = results.filter(Boolean).length;
console.log(`opened ${opened} ${results.length - opened} ${Math.round(now() - started)}`);

await input.next(); // 'go'
waiting = opened;
armed = true;
console.log('armed');
await new Promise<void>((resolve) => {
  finish = resolve;
  setTimeout(resolve, 5_000);
});
console.log(`times ${JSON.stringify(times)}`);
process.exit(0);
