import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { kits } from '../../db/schema.ts';

// Every query names the team: a kit id alone never reads or writes a row.

export type KitRow = typeof kits.$inferSelect;
export type KitValues = Pick<
  typeof kits.$inferInsert,
  'name' | 'type' | 'description' | 'jerseyColor' | 'shortsColor' | 'socksColor'
>;

export function kitsOfTeam(db: Db, teamId: number): Promise<KitRow[]> {
  return db.select().from(kits).where(eq(kits.teamId, teamId)).orderBy(asc(kits.name), asc(kits.id));
}

/** The team a kit belongs to, for loading the caller's access before anything else is read. */
export async function teamOfKit(db: Db, kitId: number): Promise<number | undefined> {
  const [row] = await db.select({ teamId: kits.teamId }).from(kits).where(eq(kits.id, kitId));
  return row?.teamId;
}

export async function insertKit(db: Db, teamId: number, values: KitValues): Promise<KitRow> {
  const [row] = await db
    .insert(kits)
    .values({ ...values, teamId })
    .returning();
  if (!row) throw new Error('insert returned no kit');
  return row;
}

export async function updateKit(
  db: Db,
  teamId: number,
  kitId: number,
  values: KitValues,
): Promise<KitRow | undefined> {
  const [row] = await db
    .update(kits)
    .set(values)
    .where(and(eq(kits.teamId, teamId), eq(kits.id, kitId)))
    .returning();
  return row;
}

export async function deleteKit(db: Db, teamId: number, kitId: number): Promise<boolean> {
  const rows = await db
    .delete(kits)
    .where(and(eq(kits.teamId, teamId), eq(kits.id, kitId)))
    .returning({ id: kits.id });
  return rows.length > 0;
}
