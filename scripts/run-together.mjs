// Runs npm scripts side by side and fails when any of them fails: `npm test` runs the static checks
// (typecheck, lint, format:check, db:check) this way, so a 2-core machine spends about the longest
// one's time on them rather than their sum (docs/decisions/044). Each script's output is held back and
// printed whole when it ends, so two never interleave.
// Usage: node scripts/run-together.mjs <npm script>...
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error('Usage: run-together.mjs <npm script>...');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
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
      }),
  ),
);
const failed = scripts.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
