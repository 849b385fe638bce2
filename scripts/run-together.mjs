// Runs lanes of npm scripts side by side and fails when any script fails: `npm test` runs the static
// checks this way (docs/decisions/044). Each argument is a lane; a lane of several scripts, joined by
// commas, runs them one after another. On a 2-core machine `lint typecheck,format:check,db:check` gives
// lint (the longest) a core of its own while the others share the second, which ends sooner than all
// four sharing both. Each script's output is held back and printed whole when it ends, so two never
// interleave.
// Usage: node scripts/run-together.mjs <script[,script...]>...
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((lane) => lane.split(',').filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0))
  throw new Error('Usage: run-together.mjs <script[,script...]>...');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one npm script, printing its output when it ends; resolves whether it passed. */
function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      const text = Buffer.concat(output).toString();
      process.stdout.write(
        `\n> ${script}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n` +
          (text.trim() ? `${text.trimEnd()}\n` : ''),
      );
      resolve(ok);
    });
  });
}

const failed = [];
await Promise.all(
  lanes.map(async (lane) => {
    // A lane goes on after a failure, so one run reports every check that fails.
    for (const script of lane) if (!(await run(script))) failed.push(script);
  }),
);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
