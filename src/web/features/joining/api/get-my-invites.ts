import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { myInviteSchema, type MyInvite } from '../../../../shared/api/joining.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { joiningKeys } from './keys.ts';

export function getMyInvites(): Promise<MyInvite[]> {
  return apiRequest('/invites/mine', { schema: import.meta.env.DEV ? z.array(myInviteSchema) : undefined });
}

export function useMyInvites(enabled: boolean) {
  return useQuery({ queryKey: joiningKeys.myInvites, queryFn: getMyInvites, enabled });
}
