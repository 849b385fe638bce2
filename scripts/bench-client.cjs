// autocannon's setupClient for the bench (scripts/bench.ts), loaded in its worker thread: the bench
// reads no answer's body, but autocannon keeps each one as a string, appending every chunk with
// `body += chunk`. A gzipped answer is then decoded as UTF-8 on every response: with the calendar
// feed (7.8 KB gzipped) that was 41 % of the load generator's CPU, which then ran out of CPU before
// the app did (the app's thread was 44 % idle), and the large answers measured the generator.
'use strict';

module.exports = function setupClient(client) {
  const queue = client.pipelinedRequests;
  if (!queue || typeof queue.addBody !== 'function') {
    throw new Error('autocannon changed: its client has no pipelinedRequests.addBody to turn off');
  }
  queue.addBody = () => undefined;
};
