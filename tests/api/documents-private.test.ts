import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TeamDocument } from '../../src/shared/api/documents.ts';
import { DOCUMENT_MESSAGES } from '../../src/shared/documents.ts';
import { expectDetail, fromToday, okJson } from '../support/events.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  type Actor,
  call,
  type Cast,
  expectAccess,
  setModeratorFlags,
  startWithCast,
} from '../support/teams.ts';

// Not-public documents (docs/product/documents.md 'Who may do what'; docs/decisions/023, update of issue
// 17): is_public=false is for the team's coaches, club admins and moderators holding can_upload_files.
// Every other member never sees it: not listed, and its id answers 404 on every route, as if it did not
// exist.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n', 'latin1');

function form(fields: Record<string, string>) {
  const boundary = `----club${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const file = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="form.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: Buffer.concat([...parts, file]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Who sees a not-public document of the team (the moderator holding can_upload_files). */
const SEES_PRIVATE = {
  coach: 200,
  admin: 200,
  moderator: 200,
  parent: 404,
  player: 404,
  otherCoach: 404,
  stranger: 404,
  anonymous: 401,
} as const satisfies Partial<Record<Actor, number>>;

describe.each(BACKENDS)('not-public documents on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  let tournamentId = 0;
  /** A not-public medical form of the team, and one of its tournament. */
  let medical: TeamDocument;
  let cupPrivate: TeamDocument;
  /** A public document of the team, beside them. */
  let rules: TeamDocument;

  const upload = async (account: Account, fields: Record<string, string>) => {
    const body = form(fields);
    return okJson<TeamDocument>(
      await t.app.inject({
        method: 'POST',
        url: `/api/documents/upload/${cast.team.id}`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${account.token}` },
      }),
      201,
    );
  };
  const idsIn = (response: LightMyRequestResponse) => okJson<TeamDocument[]>(response).map((d) => d.id);
  const list = (token: string, query = '') =>
    call(t, 'GET', `/api/documents/team/${cast.team.id}${query}`, token);

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, undefined, {
      UPLOAD_LIMIT_PER_USER_PER_HOUR: '100000',
    }));
    const made = await call(t, 'POST', `/api/tournaments/team/${cast.team.id}`, cast.coach.token, {
      name: 'Spring Cup',
      location: 'Riverside Park',
      start_date: fromToday(10),
      end_date: fromToday(11),
    });
    tournamentId = okJson<{ id: number }>(made, 201).id;
    rules = await upload(cast.coach, { title: 'Team rules', category: 'rules' });
    medical = await upload(cast.coach, { title: 'Medical form', category: 'medical', is_public: 'false' });
    cupPrivate = await upload(cast.coach, {
      title: 'Cup rooming list',
      category: 'tournament',
      is_public: 'false',
      tournament_id: String(tournamentId),
    });
  }, 60_000);
  afterAll(() => close());
  beforeEach(() => setModeratorFlags(t, cast, ['can_upload_files']));

  it('lists a not-public document to coaches, admins and upload moderators only', async () => {
    const queries = [
      '',
      '?include_tournament_docs=true',
      '?include_tournament_docs=false',
      '?category=medical',
    ];
    for (const query of queries) {
      for (const seer of [cast.coach, cast.admin, cast.moderator]) {
        const ids = idsIn(await list(seer.token, query));
        expect(ids, `${seer.name} ${query}`).toContain(medical.id);
      }
      for (const member of [cast.parent, cast.player]) {
        const ids = idsIn(await list(member.token, query));
        expect(ids, `${member.name} ${query}`).not.toContain(medical.id);
        expect(ids).not.toContain(cupPrivate.id);
      }
    }
    expect(idsIn(await list(cast.parent.token))).toEqual([rules.id]);
    expect(idsIn(await list(cast.coach.token))).toEqual([cupPrivate.id, medical.id, rules.id]);
    expect(idsIn(await list(cast.parent.token, '?category=tournament'))).toEqual([]);

    for (const seer of [cast.coach, cast.admin, cast.moderator]) {
      const ids = idsIn(await call(t, 'GET', `/api/documents/tournament/${tournamentId}`, seer.token));
      expect(ids).toEqual([cupPrivate.id]);
    }
    for (const member of [cast.parent, cast.player]) {
      const ids = idsIn(await call(t, 'GET', `/api/documents/tournament/${tournamentId}`, member.token));
      expect(ids).toEqual([]);
    }
  });

  it('answers 404 for a not-public id to everyone else: download, by header and by ?token=', async () => {
    for (const doc of [medical, cupPrivate]) {
      await expectAccess(
        cast,
        (token) => call(t, 'GET', `/api/documents/download/${doc.id}`, token),
        SEES_PRIVATE,
      );
      await expectAccess(
        cast,
        (token) => call(t, 'GET', `/api/documents/download/${doc.id}${token ? `?token=${token}` : ''}`),
        SEES_PRIVATE,
      );
      expectDetail(
        await call(t, 'GET', `/api/documents/download/${doc.id}`, cast.parent.token),
        404,
        DOCUMENT_MESSAGES.notFound,
      );
    }
    const got = await call(t, 'GET', `/api/documents/download/${medical.id}`, cast.moderator.token);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    // The public document beside it downloads for everyone in the team.
    expect((await call(t, 'GET', `/api/documents/download/${rules.id}`, cast.parent.token)).statusCode).toBe(
      200,
    );
  });

  it('answers 404, not 403, to a member who may not see it when they try to edit or delete it', async () => {
    const edit = (token: string | undefined) =>
      call(t, 'PUT', `/api/documents/${medical.id}`, token, {
        title: 'Medical form',
        category: 'medical',
        is_public: false,
      });
    // The moderator sees it but manages only their own uploads: 403 for them, as before.
    await expectAccess(cast, edit, { ...SEES_PRIVATE, moderator: 403 });
    expectDetail(await edit(cast.parent.token), 404, DOCUMENT_MESSAGES.notFound);
    await setModeratorFlags(t, cast, ['can_view_finances']);
    expectDetail(await edit(cast.moderator.token), 404, DOCUMENT_MESSAGES.notFound);

    const spare = await upload(cast.coach, { title: 'Spare form', category: 'medical', is_public: 'false' });
    const remove = (token: string | undefined, force = false) =>
      call(t, 'DELETE', `/api/documents/${spare.id}${force ? '?force=true' : ''}`, token);
    await expectAccess(cast, (token) => remove(token), {
      parent: 404,
      player: 404,
      moderator: 404,
      otherCoach: 404,
      stranger: 404,
      anonymous: 401,
    });
    await expectAccess(cast, (token) => remove(token, true), { parent: 404, player: 404, moderator: 404 });
    expect(idsIn(await list(cast.coach.token))).toContain(spare.id);
    expect(okJson(await remove(cast.admin.token))).toEqual({ message: DOCUMENT_MESSAGES.deleted });
  });

  it('hides it from a moderator the moment can_upload_files is revoked, kept answers and 304s included', async () => {
    const url = `/api/documents/team/${cast.team.id}`;
    const before = await list(cast.moderator.token);
    expect(idsIn(before)).toContain(medical.id);
    // Read twice, so the second answer comes from the kept answers.
    expect(idsIn(await list(cast.moderator.token))).toContain(medical.id);
    await setModeratorFlags(t, cast, ['can_view_finances']);
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${cast.moderator.token}`,
        'if-none-match': String(before.headers.etag),
      },
    });
    expect(after.statusCode).toBe(200);
    expect(okJson<TeamDocument[]>(after).map((d) => d.id)).toEqual([rules.id]);
    expectDetail(
      await call(t, 'GET', `/api/documents/download/${medical.id}`, cast.moderator.token),
      404,
      DOCUMENT_MESSAGES.notFound,
    );
    expect(
      idsIn(await call(t, 'GET', `/api/documents/tournament/${tournamentId}`, cast.moderator.token)),
    ).toEqual([]);
    // Given back, it is seen again.
    await setModeratorFlags(t, cast, ['can_upload_files']);
    expect(idsIn(await list(cast.moderator.token))).toContain(medical.id);
  });

  it("never hands a coach's kept list or ETag to a parent", async () => {
    const url = `/api/documents/team/${cast.team.id}`;
    const headers = (account: Account, extra: Record<string, string> = {}) => ({
      authorization: `Bearer ${account.token}`,
      'accept-encoding': 'gzip',
      ...extra,
    });
    const coachRead = await t.app.inject({ method: 'GET', url, headers: headers(cast.coach) });
    await t.app.inject({ method: 'GET', url, headers: headers(cast.coach) });
    expect(coachRead.statusCode).toBe(200);
    const parentRead = await t.app.inject({ method: 'GET', url, headers: headers(cast.parent) });
    expect(parentRead.statusCode).toBe(200);
    expect(parentRead.body).not.toContain('Medical form');
    expect(parentRead.headers.etag).not.toBe(coachRead.headers.etag);
    // The coach's tag is not the parent's: it never turns into a 304 of the coach's list.
    const withCoachTag = await t.app.inject({
      method: 'GET',
      url,
      headers: headers(cast.parent, { 'if-none-match': String(coachRead.headers.etag) }),
    });
    expect(withCoachTag.statusCode).toBe(200);
    expect(withCoachTag.body).not.toContain('Medical form');
  });

  it('does not reveal a not-public id through a 304 to a parent who sends the tag the route would carry', async () => {
    // A parent can work out a tag: the list's tag names the team's version, the reader and the period;
    // its last part is the address's hash. A 304 for the private id would say that it exists.
    const listed = await list(cast.parent.token);
    const tag = String(listed.headers.etag);
    const forUrl = (url: string) =>
      tag.replace(/\.[^.]+"$/, `.${createHash('sha256').update(url).digest('base64url').slice(0, 16)}"`);
    const publicUrl = `/api/documents/download/${rules.id}`;
    const publicAgain = await t.app.inject({
      method: 'GET',
      url: publicUrl,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': forUrl(publicUrl) },
    });
    // The forged tag is right (the public file answers 304 to it), so the test means what it says.
    expect(publicAgain.statusCode).toBe(304);
    const privateUrl = `/api/documents/download/${medical.id}`;
    const privateAgain = await t.app.inject({
      method: 'GET',
      url: privateUrl,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': forUrl(privateUrl) },
    });
    expectDetail(privateAgain, 404, DOCUMENT_MESSAGES.notFound);
  });

  it('keeps a document not public when an edit leaves is_public out, and hides one made not public', async () => {
    const doc = await upload(cast.coach, { title: 'Travel plan', category: 'general' });
    expect((await call(t, 'GET', `/api/documents/download/${doc.id}`, cast.parent.token)).statusCode).toBe(
      200,
    );
    const hidden = await call(t, 'PUT', `/api/documents/${doc.id}`, cast.coach.token, {
      title: 'Travel plan',
      is_public: false,
    });
    expect(okJson<TeamDocument>(hidden).is_public).toBe(false);
    expect(idsIn(await list(cast.parent.token))).not.toContain(doc.id);
    expectDetail(
      await call(t, 'GET', `/api/documents/download/${doc.id}`, cast.parent.token),
      404,
      DOCUMENT_MESSAGES.notFound,
    );
    // A client that sends only the title does not publish it by leaving the flag out.
    const renamed = await call(t, 'PUT', `/api/documents/${doc.id}`, cast.coach.token, { title: 'Travel' });
    expect(okJson<TeamDocument>(renamed)).toMatchObject({ title: 'Travel', is_public: false });
    const shown = await call(t, 'PUT', `/api/documents/${doc.id}`, cast.coach.token, {
      title: 'Travel',
      is_public: true,
    });
    expect(okJson<TeamDocument>(shown).is_public).toBe(true);
    expect(idsIn(await list(cast.parent.token))).toContain(doc.id);
  });

  it('lets a moderator holding can_upload_files upload a not-public file that parents do not see', async () => {
    const own = await upload(cast.moderator, { title: 'Moderator notes', is_public: 'false' });
    expect(own).toMatchObject({ is_public: false, can_manage: true });
    expect(idsIn(await list(cast.moderator.token))).toContain(own.id);
    expect(idsIn(await list(cast.parent.token))).not.toContain(own.id);
    expect(idsIn(await list(cast.coach.token))).toContain(own.id);
  });
});
