import type { z } from 'zod';
import type { Kit, kitBody } from '../../../shared/api/kits.ts';
import { KIT_MESSAGES } from '../../../shared/kits.ts';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../http-error.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';

// Team kits (docs/product/kits.md): every member reads them (game dialogs choose a kit by name); writes
// need can_manage_equipment. `color` always equals `jersey_color` (docs/product/kits.md).

type KitInput = z.output<typeof kitBody>;

function toKit(row: queries.KitRow): Kit {
  return {
    id: row.id,
    team_id: row.teamId,
    name: row.name,
    type: row.type,
    description: row.description,
    color: row.jerseyColor,
    jersey_color: row.jerseyColor,
    shorts_color: row.shortsColor,
    socks_color: row.socksColor,
    created_at: row.createdAt.toISOString(),
  };
}

function values(input: KitInput): queries.KitValues {
  return {
    name: input.name,
    type: input.type,
    description: input.description,
    jerseyColor: input.jersey_color,
    shortsColor: input.shorts_color,
    socksColor: input.socks_color,
  };
}

export function createKitService({ db }: { db: Db }) {
  return {
    /** The scope's `teamOf` for a route naming a kit; a kit of a team not the caller's: 'Kit not found'. */
    teamOf: (kitId: number) => queries.teamOfKit(db, kitId),

    async list(access: TeamAccess): Promise<Kit[]> {
      return (await queries.kitsOfTeam(db, access.team.id)).map(toKit);
    },

    async create(access: TeamAccess, input: KitInput): Promise<Kit> {
      requireCapability(access, 'manage_equipment');
      return toKit(await queries.insertKit(db, access.team.id, values(input)));
    },

    async update(access: TeamAccess, kitId: number, input: KitInput): Promise<Kit> {
      requireCapability(access, 'manage_equipment');
      const row = await queries.updateKit(db, access.team.id, kitId, values(input));
      if (!row) throw notFound(KIT_MESSAGES.notFound);
      return toKit(row);
    },

    async remove(access: TeamAccess, kitId: number): Promise<{ message: string }> {
      requireCapability(access, 'manage_equipment');
      if (!(await queries.deleteKit(db, access.team.id, kitId))) throw notFound(KIT_MESSAGES.notFound);
      return { message: 'Kit deleted' };
    },
  };
}

export type KitService = ReturnType<typeof createKitService>;
