import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, okJson } from '../support/events.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import { type Account, type Cast, setModeratorFlags, startWithCast } from '../support/teams.ts';

// Where uploads met their limits in the wrong order or said the wrong thing (docs/decisions/023 and
// 026): a second file part is a clear 400, the hourly upload limit counts only those who may upload,
// and the sweep removes what a process that died mid-upload left in the folder, and counts honestly.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n', 'latin1');

/** A multipart body with the fields and then each file as a part named 'file'. */
function form(fields: Record<string, string>, files: { name: string; content: Buffer }[]) {
  const boundary = `----edge${Math.random().toString(16).slice(2)}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  ];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(BACKENDS)('document upload edges on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, undefined, { UPLOAD_LIMIT_PER_USER_PER_HOUR: '2' }));
  }, 60_000);
  afterAll(() => close());

  const upload = (
    account: Account,
    files = [{ name: 'rules.pdf', content: PDF }],
    headers: Record<string, string> = {},
  ) => {
    const body = form({ title: 'Rules' }, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/documents/upload/${cast.team.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...headers, authorization: `Bearer ${account.token}` },
    });
  };
  const count = async (table: 'documents' | 'pending_blobs') =>
    Number(
      (await queryRows<{ n: string }>(t.db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]?.n,
    );
  const blobFiles = () => {
    const folder = path.join(t.dataDir, 'blobs');
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };

  it('answers an upload with a second file part 400, storing nothing', async () => {
    // An admin: the coach's hourly allowance is left for the next test.
    const before = { documents: await count('documents'), files: blobFiles().length };
    const answer = await upload(cast.admin, [
      { name: 'one.pdf', content: PDF },
      { name: 'two.pdf', content: PDF },
    ]);
    expectDetail(answer, 400, 'Only one file can be uploaded per request');
    expect(await count('documents')).toBe(before.documents);
    expect(await count('pending_blobs')).toBe(0);
    expect(blobFiles().length).toBe(before.files);
  });

  it('checks the capability before the hourly limit: 403, never 429, and nobody else is charged', async () => {
    await setModeratorFlags(t, cast, ['can_view_finances']);
    for (const account of [
      cast.parent,
      cast.parent,
      cast.parent,
      cast.moderator,
      cast.moderator,
      cast.moderator,
    ]) {
      expectDetail(await upload(account), 403, 'You do not have permission to upload files for this team');
    }
    // Those refused spent nothing: no counter was made for them.
    const counters = await queryRows<{ key: string }>(
      t.db,
      sql`select key from rate_limit_hits where key like ${'%upload%'}`,
    );
    for (const refused of [cast.parent, cast.moderator]) {
      expect(counters.filter((row) => row.key.endsWith(`:${refused.id}`))).toEqual([]);
    }
    // The coach's allowance (2 an hour here) is whole.
    okJson(await upload(cast.coach), 201);
    okJson(await upload(cast.coach), 201);
    expect((await upload(cast.coach)).statusCode).toBe(429);
    // Given the capability, the moderator uploads under an allowance of their own.
    await setModeratorFlags(t, cast, ['can_upload_files']);
    okJson(await upload(cast.moderator), 201);
    await setModeratorFlags(t, cast, ['can_view_finances']);
  });

  it('spends the hourly allowance on stored uploads only: not on a retry answered with the stored one, nor on a refused file', async () => {
    // A new hour for everyone.
    await t.db.execute(sql`delete from rate_limit_hits where key like ${'%upload%'}`);
    const program = {
      name: 'setup.exe',
      content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00program', 'latin1'),
    };
    for (let i = 0; i < 3; i++) expect((await upload(cast.coach, [program])).statusCode).toBe(400);
    // Stored once; its retries (the answer lost on the way) are answered with it.
    const retried = () => upload(cast.coach, undefined, { 'idempotency-key': 'rules-upload-1' });
    const stored = okJson<{ id: number }>(await retried(), 201);
    for (let i = 0; i < 2; i++) expect(okJson<{ id: number }>(await retried(), 200).id).toBe(stored.id);
    // The second of the two an hour allowed here, then the limit.
    okJson(await upload(cast.coach), 201);
    const refused = await upload(cast.coach);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/uploaded many documents in the last hour/),
    });
    // A retry of the stored upload is still answered, over the limit.
    expect(okJson<{ id: number }>(await retried(), 200).id).toBe(stored.id);
  });

  it('sweeps the temporary files a process that died mid-upload left, and counts what it removed', async () => {
    // As a crash leaves them: each upload's key announced, its temporary file half written, no blob.
    const folder = path.join(t.dataDir, 'blobs');
    fs.mkdirSync(folder, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    const abandoned = Array.from({ length: 3 }, () => path.join(folder, `.tmp-${randomUUID()}`));
    for (const file of abandoned) {
      fs.writeFileSync(file, Buffer.alloc(64 * 1024, 0x20));
      fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
    }
    // An upload still being written: recent, it stays.
    const inProgress = path.join(folder, `.tmp-${randomUUID()}`);
    fs.writeFileSync(inProgress, 'still arriving');
    for (let i = 0; i < 3; i++) {
      await t.db.execute(
        sql`insert into pending_blobs (blob_key, created_at) values (${randomUUID()}, now() - interval '2 hours')`,
      );
    }
    const blobsBefore = blobFiles().filter((name) => !name.startsWith('.tmp-'));

    expect(await t.app.sweepBlobs(60 * 60_000)).toBe(3);
    for (const file of abandoned) expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(inProgress)).toBe(true);
    expect(await count('pending_blobs')).toBe(0);
    // Stored documents' blobs are untouched.
    expect(blobFiles().filter((name) => !name.startsWith('.tmp-'))).toEqual(blobsBefore);
    // Nothing left to sweep: the next sweep says so.
    expect(await t.app.sweepBlobs(60 * 60_000)).toBe(0);
    fs.rmSync(inProgress);
  });
});
