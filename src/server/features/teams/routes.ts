import type { FastifyInstance } from 'fastify';
import { isCoachLike, type Role } from '../../../shared/roles.ts';
import type { Db } from '../../db/connect.ts';
import { forbidden, notFound } from '../../http-error.ts';
import { allTeams, type TeamRow, teamsOfMember } from './queries.ts';

// Reads behind the team picker. Creating and joining teams arrive with the teams issue.

function teamSummary(team: TeamRow, forCoach: boolean) {
  return {
    id: team.id,
    name: team.name,
    team_name: team.name,
    // The invite code lets anyone ask to join: only the people running the team see it.
    ...(forCoach ? { invite_code: team.inviteCode, groupme_bot_id: team.groupmeBotId } : {}),
  };
}

export async function teamRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/coached', { preHandler: app.authenticate }, async (request) => {
    const role = request.user.role as Role;
    if (!isCoachLike(role)) throw forbidden('Only coaches and admins coach teams');
    // An admin acts as a coach on every team of the club (DECISIONS.md).
    const teams = role === 'admin' ? await allTeams(db) : await teamsOfMember(db, request.user.id, 'coach');
    return teams.map((team) => teamSummary(team, true));
  });

  app.get('/my-team', { preHandler: app.authenticate }, async (request) => {
    const [team] = await teamsOfMember(db, request.user.id);
    if (!team) throw notFound('You are not a member of any team yet');
    return teamSummary(team, isCoachLike(request.user.role as Role));
  });
}
