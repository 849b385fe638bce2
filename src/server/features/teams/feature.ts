import type { Db } from '../../db/connect.ts';
import { defineFeature } from '../../feature-module.ts';
import { findTeamByInviteCode } from './queries.ts';
import { teamRoutes } from './routes.ts';
import { createTeamService } from './service.ts';

/** Whether a team has this invite code: what auth (below teams) is handed to tell a code from a typo. */
export const inviteCodeExists = (db: Db) => async (code: string) =>
  (await findTeamByInviteCode(db, code)) !== undefined;

export const teamsFeature = defineFeature({
  name: 'teams',
  uses: ['auth'],
  services: ({ db, config }) => ({ teams: createTeamService({ db, config }) }),
  routes: (group) => [group('signedIn', '/teams', teamRoutes, ({ teams }) => ({ teams }))],
});
