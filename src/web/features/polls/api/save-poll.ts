import { z } from 'zod';
import { pollSchema, type Poll, type PollBody, type VoteBody } from '../../../../shared/api/polls.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { pollKeys } from './keys.ts';

// The poll writes, each through useReloadingMutation (one send per tap, fail fast offline), each reloading
// the team's polls whether it worked or not.

export interface SavePollInput {
  /** The poll to edit; undefined creates one. */
  pollId?: number;
  body: PollBody;
}

/** Create Poll (POST /api/messaging/polls?team_id=) or Edit Poll (PUT /api/messaging/polls/{id}). */
export function savePoll(teamId: number, { pollId, body }: SavePollInput): Promise<Poll> {
  return pollId === undefined
    ? apiRequest(`/messaging/polls?team_id=${teamId}`, {
        method: 'POST',
        json: body,
        schema: import.meta.env.DEV ? pollSchema : undefined,
      })
    : apiRequest(`/messaging/polls/${pollId}`, {
        method: 'PUT',
        json: body,
        schema: import.meta.env.DEV ? pollSchema : undefined,
      });
}

export function useSavePoll(teamId: number) {
  return useReloadingMutation((input: SavePollInput) => savePoll(teamId, input), [pollKeys.list(teamId)]);
}

export function deletePoll(pollId: number): Promise<{ message: string }> {
  return apiRequest(`/messaging/polls/${pollId}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? z.object({ message: z.string() }) : undefined,
  });
}

export function useDeletePoll(teamId: number) {
  return useReloadingMutation(deletePoll, [pollKeys.list(teamId)]);
}

export interface VoteInput extends VoteBody {
  pollId: number;
}

/** POST /api/messaging/polls/{id}/vote: one vote for one player. */
export function votePoll({ pollId, ...json }: VoteInput): Promise<Poll> {
  return apiRequest(`/messaging/polls/${pollId}/vote`, {
    method: 'POST',
    json,
    schema: import.meta.env.DEV ? pollSchema : undefined,
  });
}

export function useVotePoll(teamId: number) {
  return useReloadingMutation(votePoll, [pollKeys.list(teamId)]);
}
