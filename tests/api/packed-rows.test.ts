import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pack } from '../../src/server/db/packed-rows.ts';
import { games, notifications, parentContacts, teamMembers, users } from '../../src/server/db/schema.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import { call, type Cast, setModeratorFlags, startWithCast } from '../support/teams.ts';

// Lists read packed (src/server/db/packed-rows.ts) must be the rows a plain select gives, in the same
// types, on both databases: numbers, booleans, text, dates, times, timestamps, arrays, nulls.

describe.each(BACKENDS)('packed rows on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    // Rows with every kind of value: flags (an array), a game with a score and one without, a
    // notification read and one not, a contact linked to an account.
    await setModeratorFlags(t, cast, ['can_manage_roster', 'can_view_finances']);
    for (const game of [
      { opponent: 'Lions "the best" \\ ,', time: '10:00', our_score: 2, opponent_score: 1 },
      { opponent: 'Tigers', time: '18:30', date: '2027-03-08', notes: 'Line one\nline two \u{1F3C6}' },
    ]) {
      const created = await call(t, 'POST', `/api/games/${cast.team.id}`, cast.coach.token, {
        date: '2026-09-01',
        location: 'North Field',
        ...game,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const player = await call(t, 'POST', `/api/teams/${cast.team.id}/players`, cast.coach.token, {
      name: 'Packed Player',
    });
    const { id: playerId } = player.json() as { id: number };
    const contact = await call(
      t,
      'POST',
      `/api/teams/${cast.team.id}/players/${playerId}/parents`,
      cast.coach.token,
      { parent_name: 'Pat Parent', parent_email: cast.parent.email, send_invite: false },
    );
    expect(contact.statusCode, contact.body).toBe(201);
    await t.db.execute(sql`update notifications set read_at = now() - interval '1 hour'
      where id = (select min(id) from notifications)`);
  });
  afterAll(() => close());

  /** The table's rows read plainly and packed, both by id. */
  async function both<T extends PgTable>(table: T, id: Parameters<typeof asc>[0]) {
    const columns = getTableColumns(table);
    const packed = pack(columns, sql`${id}`);
    const [row] = await t.db.select({ rows: packed.value }).from(table as PgTable);
    const plain = await t.db
      .select()
      .from(table as PgTable)
      .orderBy(asc(id));
    return { plain, packed: packed.unpack(row?.rows ?? null) };
  }

  it('gives the rows a plain select gives, value for value and type for type', async () => {
    for (const [table, id] of [
      [users, users.id],
      [teamMembers, teamMembers.id],
      [games, games.id],
      [notifications, notifications.id],
      [parentContacts, parentContacts.id],
    ] as const) {
      const { plain, packed } = await both(table, id);
      expect(plain.length).toBeGreaterThan(0);
      expect(packed).toEqual(plain);
      // toEqual compares dates by value: the types too.
      packed.forEach((row, i) =>
        Object.entries(row as Record<string, unknown>).forEach(([key, value]) =>
          expect(value?.constructor, key).toBe((plain[i] as Record<string, unknown>)[key]?.constructor),
        ),
      );
    }
    const flags = await both(teamMembers, teamMembers.id);
    expect(flags.packed.some((row) => (row.permissions ?? []).length === 2)).toBe(true);
  });

  it('sends an expression as its text, and an empty list as no rows', async () => {
    const named = pack(
      { id: users.id, label: sql<string>`${users.name} || ' <' || ${users.email} || '>'`.as('label') },
      sql`${users.id}`,
    );
    const [row] = await t.db.select({ rows: named.value }).from(users).where(eq(users.id, cast.coach.id));
    expect(named.unpack(row?.rows ?? null)).toEqual([
      { id: cast.coach.id, label: `${cast.coach.name} <${cast.coach.email}>` },
    ]);
    const [none] = await t.db.select({ rows: named.value }).from(users).where(eq(users.id, -1));
    expect(named.unpack(none?.rows ?? null)).toEqual([]);
  });
});
