import { afterEach, beforeEach } from 'vitest';

// A mocked answer the app's schema rejects is a mock the real server would never send: the screen then
// shows 'An error occurred' and the test may pass for the wrong reason. Such a mock fails its test.
const unexpected: string[] = [];
const consoleError = console.error.bind(console);

beforeEach(() => {
  unexpected.length = 0;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('Unexpected answer from '))
      unexpected.push(args[0]);
    consoleError(...args);
  };
});

afterEach(() => {
  console.error = consoleError;
  if (unexpected.length > 0) {
    throw new Error(
      `The test's mocked fetch answered what the app's schema rejects: ${unexpected.join('; ')}`,
    );
  }
});
