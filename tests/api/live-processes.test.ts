import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { insertConversation, insertMessage, isChange, openStream } from '../support/live-stream.ts';
import { call, castOfTeam } from '../support/teams.ts';
import { createPostgresDatabase, startTestApp, TEST_JWT_SECRET } from '../support/test-app.ts';

// Live updates across app processes (docs/product/conversations.md 'Live updates and polling'): a message
// stored through one process reaches a stream held by another, through PostgreSQL's NOTIFY. Needs
// TEST_DATABASE_URL.

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'src/server/main.ts');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no health within 30 s: ${output()}`);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(process.env['TEST_DATABASE_URL'])('live updates across processes', () => {
  it(
    'a message stored through process A reaches a stream held by process B',
    { timeout: 90_000 },
    async () => {
      const database = await createPostgresDatabase();
      cleanups.push(() => database.drop());
      // A: an app in this process (migrates the database); B: a real server process on the same database.
      const a = await startTestApp({ name: 'postgres' }, { DATABASE_URL: database.url });
      cleanups.push(() => a.close());
      const cast = await castOfTeam(a);

      const port = await freePort();
      let output = '';
      const b = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: ROOT,
        env: {
          ...process.env,
          SERVE_WEB: 'false',
          LOG_LEVEL: 'warn',
          DATABASE_URL: database.url,
          JWT_SECRET: TEST_JWT_SECRET,
          DATA_DIR: os.tmpdir(),
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      b.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      b.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolve) => b.on('exit', resolve));
      cleanups.push(async () => {
        if (b.exitCode === null) b.kill('SIGTERM');
        await exited;
      });
      await waitForHealth(port, b, () => output);

      const conversation = await insertConversation(a, cast.team.id, [cast.coach.id, cast.parent.id]);
      const onB = await openStream(`http://127.0.0.1:${port}`, cast.team.id, cast.parent.token);
      const outsiderOnB = await openStream(`http://127.0.0.1:${port}`, cast.team.id, cast.player.token);
      cleanups.push(() => {
        onB.close();
        outsiderOnB.close();
      });
      expect(onB.status).toBe(200);
      await onB.next((event) => event.event === 'ready');

      const started = Date.now();
      await insertMessage(a, cast.team.id, conversation, cast.coach.id);
      const event = await onB.next(isChange({ topic: 'messages' }), 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(JSON.parse(event.data)).toEqual({
        team_id: cast.team.id,
        topic: 'messages',
        conversation_id: conversation,
      });
      await expect(outsiderOnB.next(isChange({}), 250)).rejects.toThrow('no matching event');

      // An announcement made through A's API reaches every member's stream on B.
      const created = await call(
        a,
        'POST',
        `/api/messaging/announcements?team_id=${cast.team.id}`,
        cast.coach.token,
        {
          title: 'Across processes',
          content: 'Hello from A',
          priority: 'normal',
          allow_comments: true,
          post_to_groupme: false,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      await onB.next(isChange({ topic: 'announcements' }), 1_000);
      await outsiderOnB.next(isChange({ topic: 'announcements' }), 1_000);

      // B closes cleanly on SIGTERM with streams open: they are ended, not waited for.
      b.kill('SIGTERM');
      expect(await exited).toBe(0);
      await onB.ended;
    },
  );
});
