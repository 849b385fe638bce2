import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Member, setupTeamBody, Team, updateTeamBody } from '../../../shared/api/teams.ts';
import { accountCan, type CapabilityHolder, hasCapability } from '../../../shared/permissions.ts';
import { REMINDER_MESSAGES } from '../../../shared/rsvp-reminders.ts';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import { spendWriteAllowance } from '../../write-limits.ts';
import type { UserRow } from '../auth/queries.ts';
import { accessesOfMember, requireCapability, TEAM_NOT_FOUND, type TeamAccess } from './access.ts';
import * as queries from './queries.ts';

export type SetupTeamInput = z.output<typeof setupTeamBody>;
export type UpdateTeamInput = z.output<typeof updateTeamBody>;

/** An admin's list of every team comes a page at a time; a club's teams fit in the largest page. */
export const TEAM_PAGE_MAX = 500;
export interface TeamPage {
  limit: number;
  offset: number;
}

/** The team as every team endpoint answers it; the invite code and bot id only for those who run it. */
export function toTeam(team: queries.TeamRow, viewer: CapabilityHolder): Team {
  return {
    id: team.id,
    name: team.name,
    team_name: team.name,
    // The invite code lets anyone ask to join: only the people running the team see it.
    invite_code: hasCapability(viewer, 'view_invite_code') ? team.inviteCode : null,
    groupme_bot_id: hasCapability(viewer, 'edit_team_info') ? team.groupmeBotId : null,
    age_group: team.ageGroup,
    division: team.division,
    league_name: team.leagueName,
    season: team.season,
    season_start: team.seasonStart,
    season_end: team.seasonEnd,
    team_description: team.teamDescription,
    head_coach_name: team.headCoachName,
    primary_color: team.primaryColor,
    secondary_color: team.secondaryColor,
    team_logo_url: team.teamLogoUrl,
    // Not a permission: the answer states the viewer's standing (coach of the team, or an admin).
    // eslint-disable-next-line no-restricted-syntax -- the answer's field, read by useCan on the web
    is_coach: viewer.isCoach,
    rsvp_reminder_hours: team.rsvpReminderHours,
    details: hasCapability(viewer, 'edit_team_info')
      ? {
          head_coach_phone: team.headCoachPhone,
          head_coach_email: team.headCoachEmail,
          assistant_coach_name: team.assistantCoachName,
          assistant_coach_phone: team.assistantCoachPhone,
          assistant_coach_email: team.assistantCoachEmail,
          practice_location: team.practiceLocation,
          practice_day: team.practiceDay,
          practice_time: team.practiceTime,
          emergency_contact_name: team.emergencyContactName,
          emergency_contact_phone: team.emergencyContactPhone,
          emergency_contact_relation: team.emergencyContactRelation,
        }
      : null,
  };
}

const RUNS_THE_TEAM: CapabilityHolder = { isCoach: true, flags: [] };

/** The wizard's fields as columns; a field left undefined is left out (an update keeps its value). */
function teamColumns(input: Partial<SetupTeamInput>): Partial<queries.NewTeam> {
  return {
    name: input.name,
    groupmeBotId: input.groupme_bot_id,
    ageGroup: input.age_group,
    division: input.division,
    leagueName: input.league_name,
    season: input.season,
    seasonStart: input.season_start,
    seasonEnd: input.season_end,
    teamDescription: input.team_description,
    headCoachName: input.head_coach_name,
    headCoachPhone: input.head_coach_phone,
    headCoachEmail: input.head_coach_email,
    assistantCoachName: input.assistant_coach_name,
    assistantCoachPhone: input.assistant_coach_phone,
    assistantCoachEmail: input.assistant_coach_email,
    primaryColor: input.primary_color,
    secondaryColor: input.secondary_color,
    teamLogoUrl: input.team_logo_url,
    practiceLocation: input.practice_location,
    practiceDay: input.practice_day,
    practiceTime: input.practice_time,
    emergencyContactName: input.emergency_contact_name,
    emergencyContactPhone: input.emergency_contact_phone,
    emergencyContactRelation: input.emergency_contact_relation,
  };
}

function checkSeasonDates(input: Partial<SetupTeamInput>): void {
  if (input.season_start && !isRealDate(input.season_start)) throw badRequest('Season start must be a date');
  if (input.season_end && !isRealDate(input.season_end)) throw badRequest('Season end must be a date');
}

export function randomInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) {
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  }
  return code;
}

/** 32^8 codes: a clash is rare, several in a row mean something else is wrong. */
const INVITE_CODE_ATTEMPTS = 10;

/** A calendar date that exists (the shape YYYY-MM-DD was checked by the schema). */
function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

export function createTeamService({
  db,
  config,
}: {
  db: Db;
  config: Pick<Config, 'TEAM_LIMIT_PER_USER_PER_HOUR'>;
}) {
  return {
    /** The setup wizard: creates the team with a fresh invite code; the creator becomes its coach. */
    async setup(user: UserRow, input: SetupTeamInput): Promise<Team> {
      if (!accountCan(user, 'create_teams')) throw forbidden('Only coaches and admins can create teams');
      checkSeasonDates(input);
      const team = await db.transaction(async (tx) => {
        await spendWriteAllowance(tx, 'teams', user.id, config.TEAM_LIMIT_PER_USER_PER_HOUR);
        for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt += 1) {
          const row = await queries.insertTeam(tx, {
            ...teamColumns(input),
            name: input.name,
            inviteCode: randomInviteCode(),
            createdBy: user.id,
          });
          if (row) {
            // An admin who creates a team is recorded as its coach too, so it shows as theirs.
            await queries.addMember(tx, row.id, user.id, 'coach');
            return row;
          }
        }
        throw new Error('Could not draw an unused invite code');
      });
      return toTeam(team, RUNS_THE_TEAM);
    },

    /**
     * Coaches: the teams they coach, then any team they joined as a parent by accepting an invite
     * (their address was a child's contact: docs/decisions/007), seen as a parent sees it. Admins: every
     * team of the club (docs/product/teams-and-joining.md).
     */
    async coached(user: UserRow, page: TeamPage = { limit: TEAM_PAGE_MAX, offset: 0 }): Promise<Team[]> {
      if (!accountCan(user, 'coach_teams')) throw forbidden('Only coaches and admins coach teams');
      if (accountCan(user, 'view_all_teams')) {
        return (await queries.allTeams(db, page)).map((team) => toTeam(team, RUNS_THE_TEAM));
      }
      const accesses = await accessesOfMember(db, user);
      return [
        // eslint-disable-next-line no-restricted-syntax -- the order of the list (coached first), no permission
        ...accesses.filter((access) => access.role === 'coach'),
        // eslint-disable-next-line no-restricted-syntax -- the order of the list (coached first), no permission
        ...accesses.filter((access) => access.role !== 'coach'),
      ].map((access) => toTeam(access.team, access));
    },

    /** The user's first team (a parent or player belongs to one). */
    async myTeam(user: UserRow): Promise<Team> {
      const [access] = await accessesOfMember(db, user);
      if (!access) throw notFound('You are not a member of any team yet');
      return toTeam(access.team, access);
    },

    get(access: TeamAccess): Team {
      return toTeam(access.team, access);
    },

    /**
     * Team Settings: the group-chat bot id and the wizard's fields; the RSVP reminders' hours are the
     * coaches' (and admins') alone, who run the RSVPs.
     */
    async update(access: TeamAccess, input: UpdateTeamInput): Promise<Team> {
      const { rsvp_reminder_hours: reminderHours, ...details } = input;
      const onlyReminders =
        reminderHours !== undefined && Object.values(details).every((value) => value === undefined);
      if (!onlyReminders) requireCapability(access, 'edit_team_info');
      if (reminderHours !== undefined) {
        requireCapability(access, 'view_rsvp_overview', REMINDER_MESSAGES.settingCoachesOnly);
      }
      checkSeasonDates(details);
      const team = await queries.updateTeam(db, access.team.id, {
        ...teamColumns(details),
        ...(reminderHours === undefined ? {} : { rsvpReminderHours: reminderHours }),
      });
      if (!team) throw notFound(TEAM_NOT_FOUND);
      return toTeam(team, access);
    },

    /** A fresh invite code; the old one stops working at once. */
    async regenerateInviteCode(access: TeamAccess): Promise<Team> {
      requireCapability(access, 'regenerate_invite_code');
      for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt += 1) {
        const team = await queries.setInviteCode(db, access.team.id, randomInviteCode());
        if (team) return toTeam(team, access);
      }
      throw new Error('Could not draw an unused invite code');
    },

    /** Everyone on the team; emails only for the people who run it. */
    async members(access: TeamAccess): Promise<Member[]> {
      const rows = await queries.membersOfTeam(db, access.team.id);
      return rows.map((row) => ({
        user_id: row.userId,
        name: row.name,
        role: row.userRole,
        email: hasCapability(access, 'view_member_emails') ? row.email : null,
      }));
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
