import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeExtended, parse as parseDisposition } from 'content-disposition';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TeamDocument } from '../../src/shared/api/documents.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from '../../src/shared/documents.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { expectDetail, fromToday, okJson } from '../support/events.ts';
import { type LocalS3, startLocalS3 } from '../support/s3-server.ts';
import { BACKENDS, queryRows, secretEnv, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  call,
  type Cast,
  expectAccess,
  MEMBERS_READ,
  runnersWrite,
  setModeratorFlags,
  signUp,
  startWithCast,
} from '../support/teams.ts';

// The documents API and its blob store (docs/product/documents.md 'Files'; docs/decisions/023), on each
// database and with each store: the folder under DATA_DIR and an S3-compatible server (s3rver on
// 127.0.0.1).

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n', 'latin1');
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const DOCX = (() => {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE('word/document.xml'.length, 26);
  return Buffer.concat([header, Buffer.from('word/document.xml<w:document/>')]);
})();

/** A PDF of exactly `size` bytes. */
const pdfOfSize = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);

interface FilePart {
  name: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body: the fields, then the file (or the file first). */
function form(fields: Record<string, string>, file?: FilePart, fileFirst = false) {
  const boundary = `----club${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name.replace(/"/g, '%22')}"\r\n` +
            `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      ]
    : [];
  const parts = fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const STORES = ['folder', 's3'] as const;
const CASES = BACKENDS.flatMap((backend) => STORES.map((store) => ({ backend, store })));

describe.each(CASES)('documents API on $backend.name with the $store store', ({ backend, store }) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  let s3: LocalS3 | undefined;
  let tournamentId = 0;
  let otherTournamentId = 0;

  beforeAll(async () => {
    if (store === 's3') s3 = await startLocalS3();
    ({ t, cast, close } = await startWithCast(backend, undefined, {
      UPLOAD_LIMIT_PER_USER_PER_HOUR: '100000',
      ...(s3?.env ?? {}),
    }));
    const made = await call(t, 'POST', `/api/tournaments/team/${cast.team.id}`, cast.coach.token, {
      name: 'Spring Cup',
      location: 'Riverside Park',
      start_date: fromToday(10),
      end_date: fromToday(11),
    });
    tournamentId = okJson<{ id: number }>(made, 201).id;
    const other = await call(t, 'POST', `/api/tournaments/team/${cast.otherTeam.id}`, cast.otherCoach.token, {
      name: 'Falcon Cup',
      location: 'Elsewhere',
      start_date: fromToday(10),
      end_date: fromToday(11),
    });
    otherTournamentId = okJson<{ id: number }>(other, 201).id;
  }, 60_000);
  afterAll(async () => {
    await close();
    await s3?.stop();
  });
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  const upload = (
    token: string | undefined,
    fields: Record<string, string> = { title: 'Team rules' },
    file: FilePart | undefined = { name: 'rules.pdf', content: PDF },
    options: { teamId?: number; fileFirst?: boolean } = {},
  ): Promise<LightMyRequestResponse> => {
    const body = form(fields, file, options.fileFirst);
    return t.app.inject({
      method: 'POST',
      url: `/api/documents/upload/${options.teamId ?? cast.team.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  const uploaded = async (
    account: Account = cast.coach,
    fields: Record<string, string> = { title: 'Team rules' },
    file?: FilePart,
    teamId?: number,
  ) => okJson<TeamDocument>(await upload(account.token, fields, file, teamId ? { teamId } : {}), 201);

  /** Blobs in the store, seen from outside the app: files in the folder, objects in the bucket. */
  const blobCount = async () => {
    if (store === 's3') return (await t.app.blobStore.list()).length;
    const folder = path.join(t.dataDir, 'blobs');
    return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
  };
  const pendingCount = async () =>
    Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from pending_blobs`))[0]?.n);
  const keyOf = async (id: number) =>
    (await queryRows<{ blob_key: string }>(t.db, sql`select blob_key from documents where id = ${id}`))[0]
      ?.blob_key ?? '';
  const download = (id: number, token?: string, query = '') =>
    call(t, 'GET', `/api/documents/download/${id}${query}`, token);

  it('stores an upload under a random key and answers the document', async () => {
    const before = await blobCount();
    const doc = await uploaded(cast.coach, {
      title: '  Team rules  ',
      description: 'Read before the season',
      category: 'rules',
      is_public: 'false',
      tournament_id: String(tournamentId),
    });
    expect(doc).toMatchObject({
      team_id: cast.team.id,
      title: 'Team rules',
      description: 'Read before the season',
      filename: 'rules.pdf',
      original_filename: 'rules.pdf',
      category: 'rules',
      is_public: false,
      tournament_id: tournamentId,
      file_size: PDF.length,
      file_type: 'pdf',
      uploaded_by: cast.coach.id,
      uploader: { name: 'Casey Coach' },
      tournament: { name: 'Spring Cup' },
      can_manage: true,
    });
    expect(await blobCount()).toBe(before + 1);
    const key = await keyOf(doc.id);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.app.blobStore.exists(key)).toBe(true);
    expect(await pendingCount()).toBe(0);
    const got = await download(doc.id, cast.coach.token);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    // Not public: coaches only (documents-private.test.ts has the whole matrix).
    expectDetail(await download(doc.id, cast.parent.token), 404, DOCUMENT_MESSAGES.notFound);
  });

  it('takes the text fields before or after the file, with the defaults', async () => {
    const doc = okJson<TeamDocument>(
      await upload(
        cast.coach.token,
        { title: 'After the file' },
        { name: 'a.docx', content: DOCX },
        { fileFirst: true },
      ),
      201,
    );
    expect(doc).toMatchObject({
      title: 'After the file',
      category: 'general',
      is_public: true,
      file_type: 'docx',
    });
    expect(doc.tournament).toBeNull();
  });

  it('lets coaches, admins and moderators with can_upload_files upload; parents and players 403', async () => {
    await expectAccess(cast, (token) => upload(token), {
      coach: 201,
      admin: 201,
      moderator: 403,
      parent: 403,
      player: 403,
      otherCoach: 404,
      stranger: 404,
      anonymous: 401,
    });
    await setModeratorFlags(t, cast, ['can_upload_files']);
    await expectAccess(cast, (token) => upload(token), { moderator: 201 });
    expectDetail(
      await upload(cast.parent.token),
      403,
      'You do not have permission to upload files for this team',
    );
  });

  it('names each problem with an upload and leaves no blob behind', async () => {
    const blobs = await blobCount();
    const coach = cast.coach.token;
    expectDetail(await upload(coach, {}), 400, DOCUMENT_MESSAGES.titleRequired);
    expectDetail(
      await upload(coach, { title: '   ' }, undefined, { fileFirst: true }),
      400,
      DOCUMENT_MESSAGES.titleRequired,
    );
    expectDetail(
      await upload(coach, { title: 'x' }, null as unknown as undefined),
      400,
      DOCUMENT_MESSAGES.noFile,
    );
    expectDetail(
      await upload(coach, { title: 'x' }, { name: 'e.pdf', content: Buffer.alloc(0) }),
      400,
      DOCUMENT_MESSAGES.emptyFile,
    );
    expectDetail(
      await upload(coach, { title: 'x', category: 'secret' }),
      400,
      'Category must be one of: general, waiver, rules, schedule, medical, registration, tournament',
    );
    expectDetail(
      await upload(coach, { title: 'x'.repeat(201) }),
      400,
      'Title must be no more than 200 characters',
    );
    expectDetail(
      await upload(coach, { title: 'x', is_public: 'maybe' }),
      400,
      'is_public must be true or false',
    );
    expectDetail(
      await upload(coach, { title: 'x', tournament_id: 'abc' }),
      400,
      'Tournament id must be a positive whole number',
    );
    expectDetail(
      await upload(coach, { title: 'x', tournament_id: String(otherTournamentId) }),
      404,
      DOCUMENT_MESSAGES.tournamentNotFound,
    );
    expectDetail(
      await upload(coach, { title: 'x' }, { name: 'invoice.pdf', content: EXE }),
      400,
      DOCUMENT_MESSAGES.program,
    );
    expectDetail(
      await upload(coach, { title: 'x' }, { name: 'scan.pdf', content: PNG }),
      400,
      DOCUMENT_MESSAGES.mismatch('pdf', 'png'),
    );
    expectDetail(
      await upload(
        coach,
        { title: 'x' },
        { name: 'page.txt', content: Buffer.from('<html><script>x</script>') },
      ),
      400,
      DOCUMENT_MESSAGES.webPage,
    );
    const json = await call(t, 'POST', `/api/documents/upload/${cast.team.id}`, coach, { title: 'x' });
    expectDetail(json, 400, 'Send the file as multipart/form-data');
    // A body that is not well-formed multipart: a 400 naming it, never a 500.
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=BND', '--BND\r\ngarbage'],
      ['multipart/form-data', 'x'],
    ] as const) {
      const broken = await t.app.inject({
        method: 'POST',
        url: `/api/documents/upload/${cast.team.id}`,
        headers: { authorization: `Bearer ${coach}`, 'content-type': contentType },
        payload,
      });
      expectDetail(broken, 400, DOCUMENT_MESSAGES.malformedUpload);
    }
    expect(await blobCount()).toBe(blobs);
    expect(await pendingCount()).toBe(0);
  });

  it('checks fields sent before the file without storing it, and fields after it once it is stored', async () => {
    const announced = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from pending_blobs`);
    expect(Number(announced[0]?.n)).toBe(0);
    const statements: string[] = [];
    const stop = t.app.database.onStatement((query) => statements.push(query));
    try {
      expectDetail(await upload(cast.coach.token, { title: '' }), 400, DOCUMENT_MESSAGES.titleRequired);
    } finally {
      stop();
    }
    expect(statements.some((query) => /pending_blobs/.test(query))).toBe(false);
    expectDetail(
      await upload(cast.coach.token, { title: 'ok', tournament_id: '999999' }, undefined, {
        fileFirst: true,
      }),
      404,
      DOCUMENT_MESSAGES.tournamentNotFound,
    );
    expect(await pendingCount()).toBe(0);
  });

  it('answers a retried upload with the document already stored under its Idempotency-Key', async () => {
    const send = (key: string, token = cast.coach.token, teamId = cast.team.id) => {
      const body = form({ title: 'Retried' }, { name: 'rules.pdf', content: PDF });
      return t.app.inject({
        method: 'POST',
        url: `/api/documents/upload/${teamId}`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}`, 'idempotency-key': key },
      });
    };
    const blobs = await blobCount();
    const first = okJson<TeamDocument>(await send('file-1:team'), 201);
    const again = okJson<TeamDocument>(await send('file-1:team'), 200);
    expect(again).toEqual(first);
    expect(await blobCount()).toBe(blobs + 1);
    // Two at once: one is stored, both answer it.
    const [a, b] = await Promise.all([send('file-2:team'), send('file-2:team')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<TeamDocument>().id).toBe(b.json<TeamDocument>().id);
    expect(await blobCount()).toBe(blobs + 2);
    // The key is the uploader's, on that team: another uploader or team stores its own.
    expect((await send('file-1:team', cast.admin.token)).statusCode).toBe(201);
    expectDetail(await send('x'.repeat(201)), 400, 'Idempotency-Key must be 1 to 200 characters');
    expect(await pendingCount()).toBe(0);
  });

  it('makes hostile file names safe and sends non-Latin names back intact', async () => {
    const name = async (original: string) =>
      (await uploaded(cast.coach, { title: 'n' }, { name: original, content: PDF })).filename;
    expect(await name('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(await name('..\\..\\boot.pdf')).toBe('boot.pdf');
    expect(await name('a\u0001b\u007fc\u202e.pdf')).toBe('abc.pdf');
    const long = await name(`${'l'.repeat(300)}.pdf`);
    expect(long).toHaveLength(DOCUMENT_LIMITS.filenameMax);
    expect(long.endsWith('l.pdf')).toBe(true);

    const unicode = await uploaded(cast.coach, { title: 'u' }, { name: 'Ünïcødé 日本語.pdf', content: PDF });
    expect(unicode.filename).toBe('Ünïcødé 日本語.pdf');
    const got = await download(unicode.id, cast.player.token);
    const header = String(got.headers['content-disposition']);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[\x21-\x7e]+$/);
    const { type, parameters } = parseDisposition(header);
    expect(type).toBe('attachment');
    expect(decodeExtended(parameters['filename*'] ?? '')).toBe('Ünïcødé 日本語.pdf');
    expect(header).toContain('filename="Unic_de ___.pdf"');
  });

  it('accepts exactly 10 MB and refuses one byte more with 413, leaving nothing', async () => {
    const atLimit = await uploaded(
      cast.coach,
      { title: 'big' },
      { name: 'big.pdf', content: pdfOfSize(DOCUMENT_LIMITS.maxBytes) },
    );
    expect(atLimit.file_size).toBe(DOCUMENT_LIMITS.maxBytes);
    expect(Number((await download(atLimit.id, cast.coach.token)).headers['content-length'])).toBe(
      DOCUMENT_LIMITS.maxBytes,
    );
    const blobs = await blobCount();
    for (const fileFirst of [false, true]) {
      expectDetail(
        await upload(
          cast.coach.token,
          { title: 'too big' },
          { name: 'big.pdf', content: pdfOfSize(DOCUMENT_LIMITS.maxBytes + 1) },
          { fileFirst },
        ),
        413,
        DOCUMENT_MESSAGES.tooLarge,
      );
    }
    expect(await blobCount()).toBe(blobs);
    expect(await pendingCount()).toBe(0);
  }, 60_000);

  it('lists the team documents newest first, filtered, with who may manage each', async () => {
    await setModeratorFlags(t, cast, ['can_upload_files']);
    const own = await uploaded(cast.moderator, { title: 'Moderator waiver', category: 'waiver' });
    const cup = await uploaded(cast.coach, {
      title: 'Cup schedule',
      category: 'schedule',
      tournament_id: String(tournamentId),
    });
    await uploaded(cast.otherCoach, { title: 'Falcons only' }, undefined, cast.otherTeam.id);

    const list = okJson<TeamDocument[]>(
      await call(t, 'GET', `/api/documents/team/${cast.team.id}`, cast.moderator.token),
    );
    expect(list[0]?.id).toBe(cup.id);
    expect(list[1]?.id).toBe(own.id);
    expect(list.every((d) => d.team_id === cast.team.id)).toBe(true);
    expect(list.find((d) => d.id === own.id)?.can_manage).toBe(true);
    expect(list.find((d) => d.id === cup.id)).toMatchObject({
      can_manage: false,
      tournament: { name: 'Spring Cup' },
    });

    const teamOnly = okJson<TeamDocument[]>(
      await call(
        t,
        'GET',
        `/api/documents/team/${cast.team.id}?include_tournament_docs=false`,
        cast.parent.token,
      ),
    );
    expect(teamOnly.some((d) => d.tournament_id !== null)).toBe(false);
    expect(teamOnly.every((d) => !d.can_manage)).toBe(true);
    const waivers = okJson<TeamDocument[]>(
      await call(t, 'GET', `/api/documents/team/${cast.team.id}?category=waiver`, cast.parent.token),
    );
    expect(waivers.map((d) => d.id)).toEqual([own.id]);
    expectDetail(
      await call(t, 'GET', `/api/documents/team/${cast.team.id}?category=secret`, cast.parent.token),
      400,
      'Category must be one of: general, waiver, rules, schedule, medical, registration, tournament',
    );
    await expectAccess(
      cast,
      (token) => call(t, 'GET', `/api/documents/team/${cast.team.id}`, token),
      MEMBERS_READ,
    );

    const tournamentDocs = okJson<TeamDocument[]>(
      await call(t, 'GET', `/api/documents/tournament/${tournamentId}`, cast.player.token),
    );
    expect(tournamentDocs.length).toBeGreaterThan(0);
    expect(tournamentDocs.every((d) => d.tournament_id === tournamentId)).toBe(true);
    await expectAccess(
      cast,
      (token) => call(t, 'GET', `/api/documents/tournament/${tournamentId}`, token),
      MEMBERS_READ,
    );
    expectDetail(
      await call(t, 'GET', `/api/documents/tournament/${otherTournamentId}`, cast.coach.token),
      404,
      DOCUMENT_MESSAGES.tournamentNotFound,
    );
    expectDetail(
      await call(t, 'GET', '/api/documents/tournament/999999', cast.coach.token),
      404,
      DOCUMENT_MESSAGES.tournamentNotFound,
    );
  });

  it('a list read anew shows every change since the last read, to each reader as theirs', async () => {
    // Each unchanged document's part is kept from the read before (db/row-fragments.ts): none may be
    // sent stale, nor with another reader's can_manage, nor with an old uploader's or tournament's name.
    await setModeratorFlags(t, cast, ['can_upload_files']);
    const cup = okJson<{ id: number }>(
      await call(t, 'POST', `/api/tournaments/team/${cast.team.id}`, cast.coach.token, {
        name: 'Kept Cup',
        location: 'Riverside Park',
        start_date: fromToday(20),
        end_date: fromToday(21),
      }),
      201,
    );
    const coachs = await uploaded(cast.coach, { title: 'Kept rules', tournament_id: String(cup.id) });
    const mods = await uploaded(cast.moderator, { title: 'Kept waiver' });
    const listed = async (account: Account) => {
      t.app.answerCache.enabled = false;
      try {
        const list = okJson<TeamDocument[]>(
          await call(t, 'GET', `/api/documents/team/${cast.team.id}`, account.token),
        );
        return list.filter((d) => d.id === coachs.id || d.id === mods.id);
      } finally {
        t.app.answerCache.enabled = true;
      }
    };
    const seen = async (account: Account) =>
      (await listed(account)).map((d) => [
        d.title,
        d.can_manage,
        d.uploader?.name,
        d.tournament?.name ?? null,
      ]);
    const coachName = coachs.uploader?.name;
    const modName = mods.uploader?.name;
    expect(await seen(cast.coach)).toEqual([
      ['Kept waiver', true, modName, null],
      ['Kept rules', true, coachName, 'Kept Cup'],
    ]);
    expect(await seen(cast.moderator)).toEqual([
      ['Kept waiver', true, modName, null],
      ['Kept rules', false, coachName, 'Kept Cup'],
    ]);
    expect(await seen(cast.parent)).toEqual([
      ['Kept waiver', false, modName, null],
      ['Kept rules', false, coachName, 'Kept Cup'],
    ]);

    // Its tournament renamed, then its uploader, then the document edited: each on its own.
    okJson(await call(t, 'PUT', `/api/tournaments/${cup.id}`, cast.coach.token, { name: 'Renamed Cup' }));
    expect((await seen(cast.parent))[1]).toEqual(['Kept rules', false, coachName, 'Renamed Cup']);
    await t.db.execute(sql`update users set name = 'Renamed Coach' where id = ${cast.coach.id}`);
    expect((await seen(cast.parent))[1]).toEqual(['Kept rules', false, 'Renamed Coach', 'Renamed Cup']);
    okJson(await call(t, 'PUT', `/api/documents/${coachs.id}`, cast.coach.token, { title: 'Kept rules 2' }));
    expect(await seen(cast.parent)).toEqual([
      ['Kept waiver', false, modName, null],
      ['Kept rules 2', false, 'Renamed Coach', 'Renamed Cup'],
    ]);
    await t.db.execute(sql`update users set name = ${coachName ?? ''} where id = ${cast.coach.id}`);
    // Made not public: gone for the parent, there for the coach; then deleted, gone for both.
    okJson(
      await call(t, 'PUT', `/api/documents/${mods.id}`, cast.coach.token, {
        title: 'Kept waiver',
        is_public: false,
      }),
    );
    expect((await seen(cast.parent)).map(([title]) => title)).toEqual(['Kept rules 2']);
    expect((await seen(cast.coach)).map(([title]) => title)).toEqual(['Kept waiver', 'Kept rules 2']);
    okJson(await call(t, 'DELETE', `/api/documents/${mods.id}`, cast.coach.token));
    expect((await seen(cast.coach)).map(([title]) => title)).toEqual(['Kept rules 2']);
    okJson(await call(t, 'DELETE', `/api/documents/${coachs.id}`, cast.coach.token));
    expect(await seen(cast.coach)).toEqual([]);
  });

  it('a list kept whole is written anew once any of its rows changed, gzipped or not, in order to the microsecond', async () => {
    // The whole answer is kept with its rows' versions (db/row-fragments.ts, ListAnswers), and its
    // gzipped bytes beside it; the keys come from the database in no order, so the service sorts.
    const url = `/api/documents/team/${cast.team.id}`;
    const read = async (gzip: boolean) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${cast.coach.token}`,
          ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
      return JSON.parse(
        gzip ? gunzipSync(response.rawPayload).toString('utf8') : response.body,
      ) as TeamDocument[];
    };
    const inserted = await queryRows<{ id: number }>(
      t.db,
      sql`insert into documents (team_id, title, category, blob_key, original_filename, file_type, file_size, uploaded_by, created_at)
        select ${cast.team.id}, 'Ordered ' || n, 'general', 'ordered-' || n || '-' || gen_random_uuid(), 'ordered.pdf', 'pdf', 1000 + n,
          ${cast.coach.id}, timestamptz '2030-01-01 10:00:00.123456+00' - make_interval(secs => (n % 2) * 0.000056)
        from generate_series(1, 40) n returning id`,
    );
    const ids = inserted.map((row) => row.id);
    const expected = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from documents where team_id = ${cast.team.id} order by created_at desc, id desc`,
      )
    ).map((row) => row.id);
    t.app.answerCache.enabled = false;
    try {
      for (const gzip of [true, true, false]) {
        expect((await read(gzip)).map((d) => d.id)).toEqual(expected);
      }
      // Every second one is 56 microseconds older, in the same millisecond: by id within each half.
      const evens = ids.filter((_, i) => (i + 1) % 2 === 0).sort((a, b) => b - a);
      expect(expected.slice(0, evens.length)).toEqual(evens);

      for (const [i, gzip] of [true, false, true].entries()) {
        const changed = ids[i * 7] as number;
        await t.db.execute(sql`update documents set title = ${`Changed ${i}`} where id = ${changed}`);
        const list = await read(gzip);
        expect(list.find((d) => d.id === changed)?.title).toBe(`Changed ${i}`);
        expect(list.map((d) => d.id)).toEqual(expected);
      }
      await t.db.execute(sql`delete from documents where id = ${ids[3] as number}`);
      expect((await read(true)).map((d) => d.id)).toEqual(expected.filter((id) => id !== ids[3]));
    } finally {
      t.app.answerCache.enabled = true;
      await t.db.execute(sql`delete from documents where id = any(${`{${ids.join(',')}}`}::integer[])`);
      // Their keys, announced for sweeping by the delete trigger, name no blob.
      await t.db.execute(sql`delete from pending_blobs where blob_key like 'ordered-%'`);
    }
  });

  it('answers an unchanged list with 304 and a changed one anew', async () => {
    const url = `/api/documents/team/${cast.team.id}`;
    const first = await call(t, 'GET', url, cast.parent.token);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await uploaded(cast.coach, { title: 'New one' });
    const changed = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<TeamDocument[]>()[0]?.title).toBe('New one');
  });

  it('lets the uploader (while allowed), coaches and admins edit', async () => {
    const doc = await uploaded(cast.coach);
    const edit = (
      token: string | undefined,
      body: Record<string, unknown> = { title: 'Renamed', category: 'rules' },
    ) => call(t, 'PUT', `/api/documents/${doc.id}`, token, body);
    await expectAccess(cast, (token) => edit(token), runnersWrite(200));
    expect(
      okJson<TeamDocument>(
        await edit(cast.coach.token, { title: ' Final ', description: 'd', is_public: false }),
      ),
    ).toMatchObject({
      title: 'Final',
      description: 'd',
      category: 'general',
      is_public: false,
    });
    expectDetail(await edit(cast.coach.token, { title: '  ' }), 400, DOCUMENT_MESSAGES.titleRequired);
    expectDetail(await edit(cast.coach.token, {}), 400, DOCUMENT_MESSAGES.titleRequired);

    await setModeratorFlags(t, cast, ['can_upload_files']);
    const mine = await uploaded(cast.moderator);
    expect((await edit(cast.moderator.token)).statusCode).toBe(403);
    expect(
      (await call(t, 'PUT', `/api/documents/${mine.id}`, cast.moderator.token, { title: 'Mine' })).statusCode,
    ).toBe(200);
    await setModeratorFlags(t, cast, ['can_view_finances']);
    expect(
      (await call(t, 'PUT', `/api/documents/${mine.id}`, cast.moderator.token, { title: 'Mine' })).statusCode,
    ).toBe(403);

    const theirs = await uploaded(cast.otherCoach, undefined, undefined, cast.otherTeam.id);
    expectDetail(
      await call(t, 'PUT', `/api/documents/${theirs.id}`, cast.coach.token, { title: 'x' }),
      404,
      DOCUMENT_MESSAGES.notFound,
    );
    expectDetail(
      await call(t, 'PUT', '/api/documents/999999', cast.coach.token, { title: 'x' }),
      404,
      DOCUMENT_MESSAGES.notFound,
    );
  });

  it('deletes the row and its blob for the uploader, coaches and admins', async () => {
    await expectAccess(
      cast,
      async (token) => call(t, 'DELETE', `/api/documents/${(await uploaded(cast.coach)).id}`, token),
      runnersWrite(200),
    );
    const doc = await uploaded(cast.coach);
    const key = await keyOf(doc.id);
    expect(okJson(await call(t, 'DELETE', `/api/documents/${doc.id}`, cast.coach.token))).toEqual({
      message: DOCUMENT_MESSAGES.deleted,
    });
    expect(await t.app.blobStore.exists(key)).toBe(false);
    expect(await pendingCount()).toBe(0);
    expectDetail(
      await call(t, 'DELETE', `/api/documents/${doc.id}`, cast.coach.token),
      404,
      DOCUMENT_MESSAGES.notFound,
    );
    const theirs = await uploaded(cast.otherCoach, undefined, undefined, cast.otherTeam.id);
    expectDetail(
      await call(t, 'DELETE', `/api/documents/${theirs.id}`, cast.coach.token),
      404,
      DOCUMENT_MESSAGES.notFound,
    );
    expectDetail(await download(theirs.id, cast.coach.token), 404, DOCUMENT_MESSAGES.notFound);
  });

  it('sends the file with safe headers, to members only, with the token as a header or ?token=', async () => {
    const doc = await uploaded(cast.coach, { title: 'Rules' });
    const got = await download(doc.id, cast.parent.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'content-disposition': 'attachment; filename=rules.pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    });
    expect(String(got.headers['cache-control'])).toContain('private');
    expect((await download(doc.id, cast.parent.token, '?inline=true')).headers['content-disposition']).toBe(
      'inline; filename=rules.pdf',
    );
    const word = await uploaded(cast.coach, { title: 'w' }, { name: 'form.docx', content: DOCX });
    const wordGot = await download(word.id, cast.parent.token, '?inline=true');
    expect(wordGot.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(wordGot.headers['content-disposition']).toBe('attachment; filename=form.docx');
    const text = await uploaded(
      cast.coach,
      { title: 't' },
      { name: 'notes.txt', content: Buffer.from('Bring water 水\n') },
    );
    expect((await download(text.id, cast.parent.token)).headers['content-type']).toBe(
      'text/plain; charset=utf-8',
    );

    await expectAccess(cast, (token) => download(doc.id, token), MEMBERS_READ);
    const byQuery = await call(t, 'GET', `/api/documents/download/${doc.id}?token=${cast.player.token}`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await call(t, 'GET', `/api/documents/download/${doc.id}?token=${cast.stranger.token}`)).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', `/api/documents/download/${doc.id}?token=nonsense`)).statusCode).toBe(401);
    // Only the download takes ?token=.
    expect(
      (await call(t, 'GET', `/api/documents/team/${cast.team.id}?token=${cast.player.token}`)).statusCode,
    ).toBe(401);
    expectDetail(await download(999999, cast.coach.token), 404, DOCUMENT_MESSAGES.notFound);
  });

  it("says 'File is missing' for a row whose blob went, and removes it with ?force=true", async () => {
    const doc = await uploaded(cast.coach, { title: 'Lost' });
    await t.app.blobStore.remove(await keyOf(doc.id));
    expectDetail(await download(doc.id, cast.parent.token), 404, DOCUMENT_MESSAGES.fileMissing);
    expectDetail(
      await call(t, 'DELETE', `/api/documents/${doc.id}`, cast.coach.token),
      404,
      DOCUMENT_MESSAGES.fileMissing,
    );
    expect(
      (await call(t, 'DELETE', `/api/documents/${doc.id}?force=true`, cast.parent.token)).statusCode,
    ).toBe(403);
    expect(okJson(await call(t, 'DELETE', `/api/documents/${doc.id}?force=true`, cast.coach.token))).toEqual({
      message: DOCUMENT_MESSAGES.deleted,
    });
    expect(await keyOf(doc.id)).toBe('');
    expect(await pendingCount()).toBe(0);
  });

  it('over a real connection: refusals answer without hanging, and a dropped upload leaves no blob', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = pdfOfSize(4 * 1024 * 1024);
    const post = (token: string, file: FilePart) => {
      const body = form({ title: 'Over the wire' }, file);
      return fetch(`${address}/api/documents/upload/${cast.team.id}`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        body: body.payload,
      });
    };
    const refused = await post(cast.parent.token, { name: 'big.pdf', content: big });
    expect(refused.status).toBe(403);
    const program = await post(cast.coach.token, { name: 'big.pdf', content: Buffer.concat([EXE, big]) });
    expect(program.status).toBe(400);
    expect(await program.json()).toEqual({ detail: DOCUMENT_MESSAGES.program });
    const fine = await post(cast.coach.token, { name: 'big.pdf', content: big });
    expect(fine.status).toBe(201);

    const blobs = await blobCount();
    const body = form({ title: 'Dropped' }, { name: 'big.pdf', content: big });
    const { port } = new URL(address);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/documents/upload/${cast.team.id} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Authorization: Bearer ${cast.coach.token}\r\nContent-Type: ${body.headers['content-type']}\r\n` +
            `Content-Length: ${body.payload.length}\r\n\r\n`,
        );
        socket.write(body.payload.subarray(0, 2 * 1024 * 1024), () =>
          setTimeout(() => socket.destroy(), 200),
        );
      });
      socket.on('close', () => resolve());
      socket.on('error', () => {});
    });
    await expect
      .poll(async () => (await blobCount()) === blobs && (await pendingCount()) === 0, { timeout: 5000 })
      .toBe(true);
  });

  it('sweeps orphan blobs older than the grace period, and only those', async () => {
    const put = async (key: string) => {
      const { Readable } = await import('node:stream');
      await t.app.blobStore.put(key, Readable.from([PDF]), { maxBytes: 1000 });
    };
    const old = crypto.randomUUID();
    const young = crypto.randomUUID();
    await put(old);
    await put(young);
    const doc = await uploaded(cast.coach, { title: 'Kept' });
    const kept = await keyOf(doc.id);
    await t.db.execute(sql`insert into pending_blobs (blob_key, created_at) values
      (${old}, now() - interval '2 hours'), (${young}, now()), (${kept}, now() - interval '2 hours')`);
    expect(await t.app.sweepBlobs(60 * 60_000)).toBe(1);
    expect(await t.app.blobStore.exists(old)).toBe(false);
    expect(await t.app.blobStore.exists(young)).toBe(true);
    expect(await t.app.blobStore.exists(kept)).toBe(true);
    const left = await queryRows<{ blob_key: string }>(t.db, sql`select blob_key from pending_blobs`);
    expect(left.map((row) => row.blob_key)).toEqual([young]);
    await t.db.execute(sql`delete from pending_blobs`);
    await t.app.blobStore.remove(young);
  });
});

describe.each(BACKENDS)('document uploads and logs on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  }, 60_000);
  afterAll(() => close());

  it('never logs the download token, and limits uploads per user', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SERVE_WEB: 'false',
        DATA_DIR: t.dataDir,
        UPLOAD_LIMIT_PER_USER_PER_HOUR: '2',
        ...secretEnv(backend),
      }),
      database: t.app.database,
      startMailSender: false,
      logStream: { write: (line) => lines.push(line) },
    });
    await logged.ready();
    try {
      const coach = await signUp(t, 'coach', 'Lena Limited');
      const team = okJson<{ id: number }>(
        await call(t, 'POST', '/api/teams/setup-complete', coach.token, {
          name: 'U8 Owls',
          head_coach_name: 'Lena',
        }),
        201,
      );
      const send = () => {
        const body = form({ title: 'Rules' }, { name: 'rules.pdf', content: PDF });
        return logged.inject({
          method: 'POST',
          url: `/api/documents/upload/${team.id}`,
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${coach.token}` },
        });
      };
      const doc = okJson<TeamDocument>(await send(), 201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);

      const got = await logged.inject({
        method: 'GET',
        url: `/api/documents/download/${doc.id}?token=${coach.token}`,
      });
      expect(got.statusCode).toBe(200);
      const all = lines.join('');
      // No query string is logged at all (docs/decisions/026).
      expect(all).toContain(`"url":"/api/documents/download/${doc.id}"`);
      expect(all).not.toContain(coach.token);
      expect(cast.team.id).toBeGreaterThan(0);
    } finally {
      await logged.close();
    }
  });
});
