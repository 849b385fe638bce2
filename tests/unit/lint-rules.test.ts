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

// A phone never builds a schema it does not use (docs/decisions/053): a read's answer check is for
// development only, and a top-level schema goes through defineSchema. Each probe line is refused or
// allowed, on the web (both rules) and in src/shared (the second).
const WEB_PROBE = `import { z } from 'zod';
import { defineSchema } from '../../../../shared/define-schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const bare = z.object({ a: z.string() });
const built = defineSchema(() => z.object({ a: z.string() }));
export const asserted = z.array(z.string()) as z.ZodType<string[]>;
const notSchema = Object.keys({ a: 1 });
export const read = () => apiRequest('/x', { schema: bare });
export const readInDevelopment = () =>
  apiRequest('/x', { schema: import.meta.env.DEV ? built : undefined });
export const write = () => apiRequest('/x', { method: 'POST', schema: z.array(built) });
export const kept = [notSchema];
`;

describe('lint: schemas a phone never builds', () => {
  const lint = async (source: string, filePath: string) => {
    const eslint = new ESLint({
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
      overrideConfig: { languageOptions: { parserOptions: { project: false } } },
    });
    const [result] = await eslint.lintText(source, { filePath });
    return (result?.messages ?? []).map((m) => `${m.line} ${m.message}`);
  };
  const topLevel = 'Build a top-level schema with defineSchema(() => ...).';
  const devOnly = "Check answers in development only: 'schema: import.meta.env.DEV ? x : undefined'.";

  it('refuses a bare top-level schema and an answer check the built app would keep, on the web', async () => {
    expect(await lint(WEB_PROBE, 'src/web/features/polls/api/probe.ts')).toEqual([
      `5 ${topLevel}`,
      `7 ${topLevel}`,
      `9 ${devOnly}`,
      `12 ${devOnly}`,
    ]);
  }, 60_000);

  it('refuses a bare top-level schema in src/shared', async () => {
    const shared = `import { z } from 'zod';
import { defineSchema } from './define-schema.ts';

export const bare = z.string().min(1);
export const built = defineSchema(() => z.string().min(1));
export const helper = (label: string) => z.string({ error: label });
`;
    expect(await lint(shared, 'src/shared/probe.ts')).toEqual([`4 ${topLevel}`]);
  }, 60_000);
});

// One permission vocabulary (issue 18): outside the modules that own the rule, a permission decision is
// a named capability, never a role compared with any role's name, isCoachLike, or is_coach/isCoach. A
// role that picks people or makes a family link says why in an eslint-disable comment; a label is
// ROLE_LABELS[role].
const PERMISSION_PROBE = `import type { Team } from '../../../../shared/api/teams.ts';
import { isCoachLike, type Role } from '../../../../shared/roles.ts';

export function probe(team: Team, user: { role: Role }, access: { isCoach: boolean; role: Role }) {
  const a = isCoachLike(user.role);
  const b = team.is_coach && a;
  const c = user.role === 'admin' || 'coach' !== access.role;
  const d = access.isCoach;
  const label = user.role === 'parent' ? 'Parent' : 'Player';
  const kind: Role = 'coach';
  return [b, c, d, label, kind, user.role === kind];
}
`;

// The same, when the role is looked up in a list (someRoles.includes(user.role), ['coach',
// 'admin'].includes(r), a Set's has), switched on (switch (user.role), case 'admin'), or first put in a
// variable and compared; a list of 'parent' and 'player', and a comparison with them, as well.
const ROLE_LIST_PROBE = `import type { Role } from '../../../../shared/roles.ts';

export function probe(user: { role: Role }, member: { role: Role }, someRoles: readonly Role[]) {
  const a = someRoles.includes(user.role);
  const b = [...someRoles].includes(member.role);
  const r = user.role;
  const c = r === 'coach';
  const d = ['coach', 'admin'].includes(r);
  const e = (['admin'] as const).some(() => false) || new Set(['coach']).has(r);
  switch (user.role) {
    default:
  }
  switch (r) {
    case 'admin':
      return [a, b, c, d, e];
  }
  const joins = ['parent', 'player'].includes(r);
  return [joins, r === 'parent'];
}
`;

describe('lint: permissions by a named capability', () => {
  const lint = async (source: string, filePath: string) => {
    const eslint = new ESLint({
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
      overrideConfig: { languageOptions: { parserOptions: { project: false } } },
    });
    const [result] = await eslint.lintText(source, { filePath });
    return (result?.messages ?? []).map((m) => `${m.line} ${m.message}`);
  };
  const byName = 'Decide permissions by a named capability (src/shared/permissions.ts), not by role.';
  const refused = [5, 6, 7, 7, 8, 9].map((line) => `${line} ${byName}`);

  // Every guarded zone: the web, src/shared, the server's features and plugins.
  const guarded = [
    'src/web/features/polls/components/Probe.tsx',
    'src/web/app/Probe.tsx',
    'src/shared/probe.ts',
    'src/server/features/polls/probe.ts',
    'src/server/plugins/probe.ts',
  ];
  // The modules that own the rule.
  const owners = [
    'src/shared/permissions.ts',
    'src/shared/roles.ts',
    'src/web/lib/permissions.ts',
    'src/server/features/teams/access.ts',
  ];

  it('refuses a role, isCoachLike or is_coach deciding in web, shared and server code', async () => {
    for (const filePath of guarded) expect(await lint(PERMISSION_PROBE, filePath)).toEqual(refused);
  }, 60_000);

  it('refuses a role looked up in a list, switched on, or held in a variable and compared', async () => {
    const wider = [4, 5, 7, 8, 9, 10, 14, 17, 18].map((line) => `${line} ${byName}`);
    for (const filePath of guarded) expect(await lint(ROLE_LIST_PROBE, filePath)).toEqual(wider);
    for (const filePath of owners) expect(await lint(ROLE_LIST_PROBE, filePath)).toEqual([]);
  }, 60_000);

  it('keeps the web rules beside it, and lets the permission modules decide', async () => {
    // The web's combined rule still refuses a bare top-level schema beside the permission selectors.
    // (The probe's two imports become two lines of its own, so its lines keep their numbers.)
    const both = `import { z } from 'zod';\nexport const bare = z.string();\n${PERMISSION_PROBE.split('\n').slice(2).join('\n')}`;
    expect(await lint(both, 'src/web/features/polls/api/probe.ts')).toEqual([
      '2 Build a top-level schema with defineSchema(() => ...).',
      ...refused,
    ]);
    for (const filePath of owners) expect(await lint(PERMISSION_PROBE, filePath)).toEqual([]);
  }, 60_000);
});
