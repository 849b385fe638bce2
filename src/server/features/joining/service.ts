import type { z } from 'zod';
import type {
  acceptInviteBody,
  invitePreviewBody,
  joinBody,
  JoinRequest,
  JoinResponse,
  MyInvite,
  MyJoinRequest,
  rejectJoinBody,
  setupPasswordBody,
} from '../../../shared/api/joining.ts';
import { passwordErrors } from '../../../shared/password-policy.ts';
import { accountCan } from '../../../shared/permissions.ts';
import type { JoinRole } from '../../../shared/roles.ts';
import { JOIN_MESSAGES } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { isId } from '../../params.ts';
import { findUserByEmail, findUserById, replacePassword, type UserRow } from '../auth/queries.ts';
import { markEmailVerified } from '../auth/email-verification.ts';
import { hashPassword } from '../auth/passwords.ts';
import * as roster from '../roster/linking.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import {
  addMember,
  belongsToAnyTeam,
  findTeamById,
  findTeamByInviteCode,
  type TeamRow,
} from '../teams/queries.ts';
import { consumeInvite, findUsableInvite } from '../invites/invites.ts';
import { notifyTeam } from '../notifications/notify.ts';
import { joinRequestNotice } from './notice.ts';
import * as queries from './queries.ts';

export type JoinInput = z.output<typeof joinBody>;
export type AcceptInviteInput = z.output<typeof acceptInviteBody>;
export type SetupPasswordInput = z.output<typeof setupPasswordBody>;
export type InvitePreviewInput = z.output<typeof invitePreviewBody>;
export type RejectInput = z.output<typeof rejectJoinBody>;

export const JOIN_REQUEST_NOT_FOUND = 'Join request not found';

export interface JoiningDeps {
  db: Db;
  config: Config;
  /** Tells the mail sender something was queued. */
  mailQueued: () => void;
}

export function toJoinRequest(view: queries.JoinRequestView): JoinRequest {
  const { request } = view;
  return {
    id: request.id,
    team_id: request.teamId,
    user_id: request.userId,
    user_name: view.userName,
    user_email: view.userEmail,
    role: request.role,
    message: request.message,
    status: request.status,
    created_at: request.createdAt.toISOString(),
    reviewed_by: request.reviewedBy,
    reviewer_name: view.reviewerName,
    reviewed_at: request.reviewedAt?.toISOString() ?? null,
    rejection_reason: request.rejectionReason,
    player_id: request.playerId,
  };
}

/** Pending first (oldest first), then the decided ones, most recently decided first. */
function reviewOrder(a: JoinRequest, b: JoinRequest): number {
  const aPending = a.status === 'pending';
  const bPending = b.status === 'pending';
  if (aPending !== bPending) return aPending ? -1 : 1;
  if (aPending) return a.created_at.localeCompare(b.created_at) || a.id - b.id;
  return (b.reviewed_at ?? b.created_at).localeCompare(a.reviewed_at ?? a.created_at) || b.id - a.id;
}

/** The membership a joining user gets: their own role (parents and players join). */
// eslint-disable-next-line no-restricted-syntax -- the membership asked for (a family link), no permission
const joinRole = (user: UserRow): JoinRole => (user.role === 'player' ? 'player' : 'parent');

/**
 * Lets the user in at once: membership, an approved request as the record, and the team's parent
 * contacts with the user's email linked to the account. Use the transaction's handle.
 */
async function admit(tx: Db, team: TeamRow, user: UserRow, message: string | null = null) {
  const role = joinRole(user);
  await addMember(tx, team.id, user.id, role);
  const fresh = await findUserById(tx, user.id);
  if (fresh) await roster.linkVerifiedContacts(tx, team.id, fresh);
  const request = await queries.insertJoinRequest(tx, {
    teamId: team.id,
    userId: user.id,
    role,
    message,
    status: 'approved',
    reviewedAt: new Date(),
  });
  if (!request) throw new Error('The approved join request was not stored');
  return request;
}

const answer = (status: JoinResponse['status'], team: TeamRow, requestId: number): JoinResponse => ({
  status,
  team_id: team.id,
  team_name: team.name,
  request_id: requestId,
});

export function createJoiningService({ db, mailQueued }: JoiningDeps) {
  /**
   * A request the caller may decide: on the team of their access (the route found it: another team's is
   * 'Join request not found'), which they review (else 403), and pending.
   */
  async function reviewable(access: TeamAccess, requestId: number) {
    requireCapability(access, 'review_join_requests');
    const request = await queries.findJoinRequest(db, access.team.id, requestId);
    if (!request) throw notFound(JOIN_REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw badRequest(JOIN_MESSAGES.requestAlreadyReviewed);
    const requester = await findUserById(db, request.userId);
    if (!requester) throw notFound(JOIN_REQUEST_NOT_FOUND);
    return { request, team: access.team, requester };
  }

  async function view(teamId: number, requestId: number): Promise<JoinRequest> {
    const [row] = await queries.requestViews(db, teamId, requestId);
    if (!row) throw notFound(JOIN_REQUEST_NOT_FOUND);
    return toJoinRequest(row);
  }

  return {
    /** The scope's `teamOf` for a route naming a join request (undefined: 'Join request not found'). */
    teamOfRequest: (requestId: number) => queries.teamOfJoinRequest(db, requestId),

    /**
     * Join with an invite code (docs/product/teams-and-joining.md): approved at once when the user holds
     * a valid invite to the team or is already one of its parent contacts; otherwise pending until a
     * coach decides.
     */
    async join(user: UserRow, input: JoinInput): Promise<JoinResponse> {
      if (!accountCan(user, 'request_to_join')) throw forbidden(JOIN_MESSAGES.coachesCannotJoin);
      // Parents and players belong to one team (docs/product/teams-and-joining.md). Checked before the
      // code, so a member gets the same answer for a valid and an invalid code and cannot use this to
      // test codes.
      if (await belongsToAnyTeam(db, user.id)) throw badRequest(JOIN_MESSAGES.alreadyMember);
      const team = await findTeamByInviteCode(db, input.invite_code);
      if (!team) throw notFound(JOIN_MESSAGES.invalidCode);
      const pending = await queries.findPendingRequest(db, team.id, user.id);
      if (pending) return answer('pending_approval', team, pending.id);

      // Instant approval: a valid invite to the account's address, or an address the coach entered as a
      // parent contact; both only once the email is confirmed (the account may not be the address's
      // owner: an invite never grants anything to an unconfirmed address, docs/decisions/007).
      const verified = user.emailVerifiedAt !== null;
      const invite = verified ? await findUsableInvite(db, user.id, { teamId: team.id }) : undefined;
      const knownContact = verified && (await roster.isContactEmailOfTeam(db, team.id, user.email));
      if (invite || knownContact) {
        const request = await db.transaction(async (tx) => {
          if (invite) await consumeInvite(tx, invite.id);
          return admit(tx, team, user, input.message);
        });
        return answer('approved', team, request.id);
      }

      const request =
        (await db.transaction(async (tx) => {
          const inserted = await queries.insertJoinRequest(tx, {
            teamId: team.id,
            userId: user.id,
            role: joinRole(user),
            message: input.message,
          });
          // The coaches are told of a new request (one sent twice at once is stored, and told, once).
          if (inserted) {
            await notifyTeam(tx, {
              teamId: team.id,
              actorId: user.id,
              audience: 'coaches',
              ...joinRequestNotice(team.name, { name: user.name, role: inserted.role }),
            });
          }
          return inserted;
        })) ?? (await queries.findPendingRequest(db, team.id, user.id));
      if (!request) throw new Error('The join request was not stored');
      return answer('pending_approval', team, request.id);
    },

    /** The emailed invite, after sign-in: uses the token up and lets the user into its team. */
    async acceptInvite(user: UserRow, input: AcceptInviteInput): Promise<JoinResponse> {
      const team = await findTeamByInviteCode(db, input.invite_code);
      if (!team) throw notFound(JOIN_MESSAGES.invalidCode);
      const invite = await findUsableInvite(db, user.id, { token: input.invite_token });
      if (!invite || invite.teamId !== team.id) throw badRequest(JOIN_MESSAGES.inviteInvalid);
      const request = await db.transaction(async (tx) => {
        if (!(await consumeInvite(tx, invite.id))) throw badRequest(JOIN_MESSAGES.inviteInvalid);
        // The invite reached the owner's inbox: the address is theirs.
        await markEmailVerified(tx, user.id);
        return admit(tx, team, user);
      });
      return answer('approved', team, request.id);
    },

    /** The invite page names the team, only for a usable invite of that email to that team. */
    async previewInvite(input: InvitePreviewInput): Promise<{ team_name: string }> {
      const team = await findTeamByInviteCode(db, input.invite_code);
      const user = team ? await findUserByEmail(db, input.email) : undefined;
      const invite = user ? await findUsableInvite(db, user.id, { token: input.invite_token }) : undefined;
      if (!team || !invite || invite.teamId !== team.id) throw notFound(JOIN_MESSAGES.inviteInvalid);
      return { team_name: team.name };
    },

    /** The pending-join screen: the caller's own requests, newest first. */
    async myRequests(user: UserRow): Promise<MyJoinRequest[]> {
      const rows = await queries.requestsOfUser(db, user.id);
      return rows.map(({ request, teamName }) => ({
        id: request.id,
        team_id: request.teamId,
        team_name: teamName,
        status: request.status,
        created_at: request.createdAt.toISOString(),
        reviewed_at: request.reviewedAt?.toISOString() ?? null,
        rejection_reason: request.rejectionReason,
      }));
    },

    /**
     * Invites waiting for the caller, one per team (the newest), to accept in the app. Only for a
     * confirmed email: whoever registered with an address need not be its owner, and the invites sent
     * to it are the owner's (the emailed link works at once: it proves the inbox).
     */
    async myInvites(user: UserRow): Promise<MyInvite[]> {
      if (user.emailVerifiedAt === null) return [];
      const seen = new Set<number>();
      const answer: MyInvite[] = [];
      for (const { invite, teamName } of await queries.invitesOfUser(db, user.id)) {
        if (seen.has(invite.teamId)) continue;
        seen.add(invite.teamId);
        answer.push({
          id: invite.id,
          team_id: invite.teamId,
          team_name: teamName,
          invited_at: invite.createdAt.toISOString(),
          expires_at: invite.expiresAt.toISOString(),
        });
      }
      return answer;
    },

    /** Accepting an invite in the app while signed in: the owner's own action, like following the link. */
    async acceptMyInvite(user: UserRow, inviteId: number): Promise<JoinResponse> {
      if (user.emailVerifiedAt === null) throw forbidden(JOIN_MESSAGES.confirmEmailToAccept);
      const mine = (await this.myInvites(user)).find((invite) => invite.id === inviteId);
      if (!mine) throw notFound(JOIN_MESSAGES.inviteInvalid);
      const team = await findTeamById(db, mine.team_id);
      if (!team) throw notFound(JOIN_MESSAGES.inviteInvalid);
      const request = await db.transaction(async (tx) => {
        if (!(await consumeInvite(tx, inviteId))) throw badRequest(JOIN_MESSAGES.inviteInvalid);
        return admit(tx, team, user);
      });
      return answer('approved', team, request.id);
    },

    /**
     * First password of an account a coach created, proven by the invite token. The token stays
     * usable: accept-invite (after sign-in) uses it up.
     */
    async setupPassword(input: SetupPasswordInput): Promise<void> {
      const [problem] = passwordErrors(input.password);
      if (problem) throw badRequest(problem);
      const user = await findUserByEmail(db, input.email);
      const invite = user ? await findUsableInvite(db, user.id, { token: input.invite_token }) : undefined;
      if (!user || !invite) throw badRequest(JOIN_MESSAGES.inviteInvalid);
      if (user.passwordHash !== null) throw badRequest(JOIN_MESSAGES.passwordAlreadySet);
      const done = await replacePassword(db, user.id, await hashPassword(input.password), {
        firstOnly: true,
      });
      if (!done) throw badRequest(JOIN_MESSAGES.passwordAlreadySet);
      await markEmailVerified(db, user.id);
    },

    /** The Admin badge: how many requests wait, for coaches of the team and admins. */
    async pendingCount(access: TeamAccess): Promise<{ count: number }> {
      requireCapability(access, 'review_join_requests');
      return { count: await queries.countPending(db, access.team.id) };
    },

    /** Join Requests tab: coaches of the team and admins only. */
    async list(access: TeamAccess): Promise<JoinRequest[]> {
      requireCapability(access, 'review_join_requests');
      const rows = await queries.requestViewsOfTeam(db, access.team.id);
      return rows.map(toJoinRequest).sort(reviewOrder);
    },

    /**
     * Approve: the requester joins with the role they asked for. With a player: a parent becomes that
     * player's contact (linked to the account); a player account becomes that player.
     */
    async approve(access: TeamAccess, requestId: number, playerId: number | null): Promise<JoinRequest> {
      const { user } = access;
      const { request, team, requester } = await reviewable(access, requestId);
      let player: roster.PlayerRow | undefined;
      if (playerId !== null) {
        player = isId(playerId) ? await roster.findPlayer(db, team.id, playerId) : undefined;
        if (!player) throw badRequest('The player to link is not on this team');
      }
      // eslint-disable-next-line no-restricted-syntax -- the link the request asks for (a player account), no permission
      if (request.role === 'player' && player && player.userId !== null && player.userId !== requester.id) {
        throw badRequest('This player is already linked to another account');
      }
      await db.transaction(async (tx) => {
        const decided = await queries.reviewRequest(tx, team.id, request.id, {
          status: 'approved',
          reviewedBy: user.id,
          playerId: player?.id ?? null,
        });
        if (!decided) throw badRequest(JOIN_MESSAGES.requestAlreadyReviewed);
        await addMember(tx, team.id, requester.id, request.role);
        if (player) await roster.linkPersonToPlayer(tx, team.id, player.id, requester, request.role);
        // Contacts the coach typed with this email are this parent's only if the parent proved the address.
        // eslint-disable-next-line no-restricted-syntax -- the link the request asks for (a parent's contacts), no permission
        if (request.role === 'parent') await roster.linkVerifiedContacts(tx, team.id, requester);
        await enqueueEmail(tx, {
          to: requester.email,
          template: 'join-approved',
          params: { name: requester.name, teamName: team.name, link: '/' },
        });
      });
      mailQueued();
      return view(team.id, request.id);
    },

    async reject(access: TeamAccess, requestId: number, input: RejectInput): Promise<JoinRequest> {
      const { user } = access;
      const { request, team, requester } = await reviewable(access, requestId);
      await db.transaction(async (tx) => {
        const decided = await queries.reviewRequest(tx, team.id, request.id, {
          status: 'rejected',
          reviewedBy: user.id,
          rejectionReason: input.rejection_reason,
        });
        if (!decided) throw badRequest(JOIN_MESSAGES.requestAlreadyReviewed);
        await enqueueEmail(tx, {
          to: requester.email,
          template: 'join-rejected',
          params: { name: requester.name, teamName: team.name, reason: input.rejection_reason },
        });
      });
      mailQueued();
      return view(team.id, request.id);
    },
  };
}

export type JoiningService = ReturnType<typeof createJoiningService>;
