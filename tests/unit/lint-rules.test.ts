import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint configuration itself (eslint.config.js): a server update or delete without a where is an
// error, on the database handle under either of its names.
const PROBE = `import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { kits } from '../../db/schema.ts';

export async function probe(db: Db): Promise<void> {
  await db.delete(kits);
  await db.update(kits).set({ name: 'x' }).returning();
  await db.transaction(async (tx) => {
    await tx.delete(kits).returning();
    await tx.update(kits).set({ name: 'x' });
  });
  await db.delete(kits).where(eq(kits.id, 1));
  await db.update(kits).set({ name: 'x' }).where(eq(kits.id, 1)).returning();
  new Map<number, number>().delete(1);
}
`;

describe('lint', () => {
  it('refuses an update or delete without a where on db or tx in the server', async () => {
    // Only these rules, without type information (which takes seconds to build and they do not need).
    const eslint = new ESLint({
      ruleFilter: ({ ruleId }) => ruleId.startsWith('drizzle/'),
      overrideConfig: { languageOptions: { parserOptions: { project: false } } },
    });
    const [result] = await eslint.lintText(PROBE, { filePath: 'src/server/features/kits/queries.ts' });
    expect((result?.messages ?? []).map((m) => `${m.line} ${m.ruleId}`)).toEqual([
      '6 drizzle/enforce-delete-with-where',
      '7 drizzle/enforce-update-with-where',
      '9 drizzle/enforce-delete-with-where',
      '10 drizzle/enforce-update-with-where',
    ]);
    // Loading the config (its plugins) alone can take seconds on a busy machine.
  }, 60_000);
});
