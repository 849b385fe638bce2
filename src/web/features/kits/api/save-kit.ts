import { kitSchema, type Kit, type KitBody } from '../../../../shared/api/kits.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

export interface SaveKitInput {
  /** The kit to edit; undefined creates one. */
  kitId?: number;
  body: KitBody;
}

/** Create Kit (POST /api/kits/team/{teamId}) or Edit Kit (PUT /api/kits/{kitId}); color follows the jersey. */
export function saveKit(teamId: number, { kitId, body }: SaveKitInput): Promise<Kit> {
  const json = { ...body, color: body.jersey_color };
  return kitId === undefined
    ? apiRequest(`/kits/team/${teamId}`, {
        method: 'POST',
        json,
        schema: import.meta.env.DEV ? kitSchema : undefined,
      })
    : apiRequest(`/kits/${kitId}`, {
        method: 'PUT',
        json,
        schema: import.meta.env.DEV ? kitSchema : undefined,
      });
}

export function useSaveKit(teamId: number) {
  return useReloadingMutation((input: SaveKitInput) => saveKit(teamId, input), [queryKeys.kits(teamId)]);
}
