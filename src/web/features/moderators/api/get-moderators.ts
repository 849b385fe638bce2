import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  moderatorSchema,
  permissionDefinitionSchema,
  potentialModeratorSchema,
  type Moderator,
  type PermissionDefinition,
  type PotentialModerator,
} from '../../../../shared/api/moderators.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { moderatorKeys } from './keys.ts';

export function getModerators(teamId: number): Promise<Moderator[]> {
  return apiRequest(`/moderators/team/${teamId}`, {
    schema: import.meta.env.DEV ? z.array(moderatorSchema) : undefined,
  });
}

export function useModerators(teamId: number) {
  return useQuery({ queryKey: moderatorKeys.list(teamId), queryFn: () => getModerators(teamId) });
}

export function getPotentialModerators(teamId: number): Promise<PotentialModerator[]> {
  return apiRequest(`/teams/${teamId}/potential-moderators`, {
    schema: import.meta.env.DEV ? z.array(potentialModeratorSchema) : undefined,
  });
}

export function usePotentialModerators(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: moderatorKeys.potential(teamId),
    queryFn: () => getPotentialModerators(teamId),
    enabled,
  });
}

/** The flags with their names and descriptions; the same for every team, so loaded once. */
export function getPermissionDefinitions(): Promise<PermissionDefinition[]> {
  return apiRequest('/moderators/permissions', {
    schema: import.meta.env.DEV ? z.array(permissionDefinitionSchema) : undefined,
    token: null,
  });
}

export function usePermissionDefinitions() {
  return useQuery({
    queryKey: moderatorKeys.definitions,
    queryFn: getPermissionDefinitions,
    staleTime: Infinity,
  });
}
