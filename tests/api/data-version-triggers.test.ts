import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/connect.ts';
import { BACKENDS, createPostgresDatabase, queryRows } from '../support/test-app.ts';

// A polled team read answers 304 from the team's data_version (docs/decisions/013), so every table
// whose rows belong to a team must grow it on every insert, update and delete: a table without its
// trigger serves stale answers and no other test notices. This reads the migrated schema itself:
// every table with a team_id column, and every table that reaches a team's rows through a foreign
// key without one, has a trigger for each of the three that runs a function writing data_version.

/** Tables under a team whose writes deliberately leave the team's version alone, and why. */
const NOT_VERSIONED: Record<string, string> = {
  // The sender's writes (claims, retries) would empty every kept answer of the team; the one read of
  // it, the last cross-post error, is never answered from the ETag (announcements' routes).
  chat_post_outbox: 'the cross-post sender writes it in the background; its read is no-store',
  // One row per person told, read only by that person (no-store); written in the transaction of the
  // change it tells of, whose own rows grow the team's version.
  notifications: "each user's own; the bell's read is no-store and keyed by the user, not the team",
  // The delivery outbox under notifications: its sender's claims and marks are no team's change.
  notification_deliveries: 'the notification sender writes it in the background; no team read shows it',
};

const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** 'table: EVENT' for each write of a team's table that grows no data_version. */
async function writesWithoutTheirTrigger(db: Database['db']): Promise<string[]> {
  // Tables with a team_id column, and (to any depth) tables referencing one of them or teams.
  const underTeams = await queryRows<{ table_name: string }>(
    db,
    sql`with recursive team_tables(table_name) as (
          select 'teams'::text
          union
          select c.table_name::text from information_schema.columns c
            join information_schema.tables t
              on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
            where c.table_schema = 'public' and c.column_name = 'team_id'
          union
          select child.relname::text
            from team_tables above
            join pg_class parent on parent.relname = above.table_name
            join pg_constraint fk on fk.confrelid = parent.oid and fk.contype = 'f'
            join pg_class child on child.oid = fk.conrelid
            join pg_namespace n on n.oid = child.relnamespace and n.nspname = 'public'
        )
        select table_name from team_tables where table_name <> 'teams' order by table_name`,
  );
  // Each trigger's events and whether its function writes data_version (bump_team_data_version and the
  // statement-level functions of the conversations' participants alike).
  const triggers = await queryRows<{ table_name: string; event: string }>(
    db,
    sql`select c.relname::text as table_name, e.event
          from pg_trigger tg
          join pg_class c on c.oid = tg.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
          join pg_proc p on p.oid = tg.tgfoid
          cross join lateral (values
            ('INSERT', (tg.tgtype & 4) <> 0), ('DELETE', (tg.tgtype & 8) <> 0), ('UPDATE', (tg.tgtype & 16) <> 0)
          ) as e(event, fires)
          where n.nspname = 'public' and not tg.tgisinternal and e.fires
            and p.prosrc ~* 'update\\s+teams\\s+set\\s+data_version'`,
  );
  const covered = new Set(triggers.map((t) => `${t.table_name}: ${t.event}`));
  return underTeams
    .map((row) => row.table_name)
    .filter((table) => !(table in NOT_VERSIONED))
    .flatMap((table) => EVENTS.map((event) => `${table}: ${event}`))
    .filter((write) => !covered.has(write));
}

describe.each(BACKENDS)("every write under a team grows the team's data version, on $name", (backend) => {
  let database: Database;
  let drop = async () => {};

  beforeAll(async () => {
    if (backend.name === 'postgres') {
      const created = await createPostgresDatabase();
      drop = created.drop;
      database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    } else {
      database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  it('every table with a team_id, or under one through a foreign key, has its trigger', async () => {
    expect(await writesWithoutTheirTrigger(database.db)).toEqual([]);
    // The list of exceptions names tables that exist (a renamed table is not silently excused).
    const names = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(names.map((n) => n.table_name)).toEqual(expect.arrayContaining(Object.keys(NOT_VERSIONED)));
  });

  it('names a new table under a team until it has its trigger, and a table below it too', async () => {
    const { db } = database;
    await db.execute(
      sql`create table probe_notes (id integer primary key, team_id integer not null references teams(id))`,
    );
    await db.execute(
      sql`create table probe_note_marks (id integer primary key, note_id integer not null references probe_notes(id))`,
    );
    try {
      expect(await writesWithoutTheirTrigger(db)).toEqual([
        'probe_note_marks: INSERT',
        'probe_note_marks: UPDATE',
        'probe_note_marks: DELETE',
        'probe_notes: INSERT',
        'probe_notes: UPDATE',
        'probe_notes: DELETE',
      ]);
      // A trigger for inserts alone still leaves updates and deletes named.
      await db.execute(sql`create trigger probe_notes_bump_team after insert on probe_notes
        for each row execute function bump_team_data_version()`);
      expect(await writesWithoutTheirTrigger(db)).toEqual(
        expect.arrayContaining(['probe_notes: UPDATE', 'probe_notes: DELETE']),
      );
      expect(await writesWithoutTheirTrigger(db)).not.toContain('probe_notes: INSERT');
      await db.execute(sql`drop trigger probe_notes_bump_team on probe_notes`);
      await db.execute(sql`create trigger probe_notes_bump_team after insert or update or delete on probe_notes
        for each row execute function bump_team_data_version()`);
      expect(await writesWithoutTheirTrigger(db)).toEqual([
        'probe_note_marks: INSERT',
        'probe_note_marks: UPDATE',
        'probe_note_marks: DELETE',
      ]);
    } finally {
      await db.execute(sql`drop table probe_note_marks`);
      await db.execute(sql`drop table probe_notes`);
    }
  });
});
