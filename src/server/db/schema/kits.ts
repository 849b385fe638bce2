import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { KIT_DEFAULTS, KIT_TYPES } from '../../../shared/kits.ts';
import { createdAt, sqlValues } from './columns.ts';
import { ownerTeamId } from './teams.ts';

/** A team's kits (docs/product/kits.md); games name the kit they play in. */
export const kits = pgTable(
  'kits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    name: text('name').notNull(),
    type: text('type', { enum: KIT_TYPES }).notNull().default(KIT_DEFAULTS.type),
    description: text('description'),
    jerseyColor: text('jersey_color').notNull().default(KIT_DEFAULTS.jersey_color),
    shortsColor: text('shorts_color').notNull().default(KIT_DEFAULTS.shorts_color),
    socksColor: text('socks_color').notNull().default(KIT_DEFAULTS.socks_color),
    createdAt: createdAt(),
  },
  (t) => [
    index('kits_team_idx').on(t.teamId),
    check('kits_type_check', sql.raw(`type in (${sqlValues(KIT_TYPES)})`)),
  ],
);
