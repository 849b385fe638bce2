import type { z } from 'zod';
import type {
  addParentBody,
  assignPlayerBody,
  ParentContact,
  SyncedParent,
  updateParentBody,
} from '../../../shared/api/roster.ts';
import { inviteNewMessage } from '../../../shared/roster-rows.ts';
import { INVITE_MESSAGES, ROSTER_MESSAGES, ROSTER_RESULTS } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, HttpError, notFound, tooMany } from '../../http-error.ts';
import { isId } from '../../params.ts';
import { findUserById } from '../auth/queries.ts';
import { requireVerifiedSender } from '../auth/verified-sender.ts';
import { inviteContact, inviteResendSeconds } from '../invites/invites.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import { membersOfTeam } from '../teams/queries.ts';
import { PLAYER_NOT_FOUND } from './players-service.ts';
import * as queries from './queries.ts';
import { toContact } from './view.ts';

export type AddParentInput = z.output<typeof addParentBody>;
export type UpdateParentInput = z.output<typeof updateParentBody>;
export type AssignPlayerInput = z.output<typeof assignPlayerBody>;

export const PARENT_NOT_FOUND = 'Parent not found';
const DUPLICATE_CONTACT = ROSTER_MESSAGES.duplicateContact;

export interface ParentsDeps {
  db: Db;
  config: Config;
  /** Tells the mail sender something was queued. */
  mailQueued: () => void;
}

/** A unique index refused the contact: the player already has one with that email. */
export async function guardDuplicateContact<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'parent_contacts_player_email_key')) throw badRequest(DUPLICATE_CONTACT);
    throw error;
  }
}

export function createParentService({ db, config, mailQueued }: ParentsDeps) {
  async function requirePlayer(teamId: number, playerId: number): Promise<queries.PlayerRow> {
    const player = isId(playerId) ? await queries.findPlayer(db, teamId, playerId) : undefined;
    if (!player) throw notFound(PLAYER_NOT_FOUND);
    return player;
  }

  async function requireContact(teamId: number, contactId: number): Promise<queries.ContactRow> {
    const contact = await queries.findContact(db, teamId, contactId);
    if (!contact) throw notFound(PARENT_NOT_FOUND);
    return contact;
  }

  /** Invites a contact just added; a refusal leaves the contact in place and says why. */
  async function tryInvite(
    access: TeamAccess,
    contact: queries.ContactRow,
  ): Promise<{ sent: boolean; detail: string | null }> {
    try {
      const outcome = await db.transaction((tx) =>
        inviteContact(tx, config, access.team, contact, access.user),
      );
      if (outcome === 'recent') return { sent: false, detail: INVITE_MESSAGES.tooSoon };
      mailQueued();
      return { sent: true, detail: null };
    } catch (error) {
      // Refused (403, 429): its reason. Anything else (the database failed meanwhile): the page's warning.
      return {
        sent: false,
        detail: error instanceof HttpError && error.statusCode < 500 ? error.message : null,
      };
    }
  }

  return {
    /**
     * Manage Parents: adds a contact; with send_invite, emails the person an invite. Never makes anyone
     * a member or links an account: only the owner's own action does
     * (docs/product/roster-and-parents.md). The contact is stored whether or not the invite can go out
     * (an unconfirmed sender, a parent invited minutes ago, the coach's hourly allowance): `invite_sent`
     * says whether it was queued and
     * `invite_detail` why not, so the page can say 'Parent was added but failed to send invitation
     * email' (docs/product/roster-and-parents.md) and the coach can Sync later.
     */
    async add(access: TeamAccess, playerId: number, input: AddParentInput) {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      await requirePlayer(teamId, playerId);
      const added = await guardDuplicateContact(() =>
        db.transaction(async (tx) => {
          const row = await queries.insertContact(tx, teamId, playerId, {
            name: input.parent_name,
            email: input.parent_email,
            phone: input.parent_phone,
            relationship: input.relationship_type,
            isPrimary: input.is_primary,
          });
          if (!row) throw badRequest(DUPLICATE_CONTACT);
          if (row.isPrimary) await queries.clearOtherPrimaries(tx, teamId, playerId, row.id);
          return row;
        }),
      );
      const invite = input.send_invite ? await tryInvite(access, added) : { sent: false, detail: null };
      const contact = (await queries.findContact(db, teamId, added.id)) ?? added;
      return { ...toContact(contact, true), invite_sent: invite.sent, invite_detail: invite.detail };
    },

    /**
     * Edit Parent. A new email means another person: the link to the old account goes, unless that
     * account's own email is the new one. The coach can Sync again afterwards.
     */
    async update(access: TeamAccess, contactId: number, input: UpdateParentInput): Promise<ParentContact> {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      const contact = await requireContact(teamId, contactId);
      let unlink = false;
      if (input.email !== contact.email && contact.userId !== null) {
        const linked = await findUserById(db, contact.userId);
        unlink = linked?.email !== input.email;
      }
      const row = await guardDuplicateContact(() =>
        queries.updateContact(db, teamId, contactId, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          ...(unlink ? { userId: null, inviteSentAt: null } : {}),
        }),
      );
      if (!row) throw notFound(PARENT_NOT_FOUND);
      return toContact(row, true);
    },

    async remove(access: TeamAccess, playerId: number, contactId: number) {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      if (!(await queries.deleteContact(db, teamId, playerId, contactId))) throw notFound(PARENT_NOT_FOUND);
      return { message: ROSTER_RESULTS.parentRemoved, detail: ROSTER_RESULTS.parentRemoved };
    },

    /**
     * Sync (Resend invite): emails the contact a fresh invite, unless they already joined ('joined',
     * nothing sent). The same answer whether or not an account exists for the email.
     */
    async sync(access: TeamAccess, contactId: number) {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      const contact = await requireContact(teamId, contactId);
      if (contact.userId !== null) {
        return {
          status: 'joined' as const,
          invite_sent: false,
          invite_sent_at: contact.inviteSentAt?.toISOString() ?? null,
        };
      }
      const outcome = await db.transaction((tx) =>
        inviteContact(tx, config, access.team, contact, access.user),
      );
      if (outcome === 'recent') {
        throw tooMany(INVITE_MESSAGES.tooSoon, inviteResendSeconds(contact.inviteSentAt));
      }
      mailQueued();
      const updated = await queries.findContact(db, teamId, contactId);
      return {
        status: 'invited' as const,
        invite_sent: true,
        invite_sent_at: updated?.inviteSentAt?.toISOString() ?? null,
      };
    },

    /** Assign Parent to Player: a parent member of the team becomes a contact of one more player. */
    async assignPlayer(access: TeamAccess, parentUserId: number, input: AssignPlayerInput) {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      const parent = (await membersOfTeam(db, teamId)).find(
        // eslint-disable-next-line no-restricted-syntax -- picks the team's parents, decides no permission
        (member) => member.userId === parentUserId && member.memberRole === 'parent',
      );
      if (!parent) throw notFound(PARENT_NOT_FOUND);
      const player = await requirePlayer(teamId, input.player_id);
      await db.transaction(async (tx) => {
        const existing = await queries.findContactOfPlayerByEmail(tx, teamId, player.id, parent.email);
        const values = {
          relationship: input.relationship,
          isPrimary: input.is_primary,
          userId: parent.userId,
        };
        const contact = existing
          ? await queries.updateContact(tx, teamId, existing.id, values)
          : await queries.insertContact(tx, teamId, player.id, {
              ...values,
              name: parent.name,
              email: parent.email,
              phone: parent.phone,
            });
        if (contact?.isPrimary) await queries.clearOtherPrimaries(tx, teamId, player.id, contact.id);
      });
      return { message: ROSTER_RESULTS.parentAssigned, detail: ROSTER_RESULTS.parentAssigned };
    },

    /**
     * Sync All Parents (Invite all): every contact who has not joined gets an invite (one per email).
     * synced: invites sent; skipped: invited in the last few minutes; failed: could not be done.
     */
    async bulkSync(access: TeamAccess) {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      // Each invite would be refused: say so once rather than count every one as failed.
      requireVerifiedSender(access.user);
      const unlinked = (await queries.contactsOfTeam(db, teamId)).filter((c) => c.userId === null);
      const byEmail = new Map<string, queries.ContactRow>();
      for (const contact of unlinked) if (!byEmail.has(contact.email)) byEmail.set(contact.email, contact);
      const counts = { synced_count: 0, skipped_count: 0, failed_count: 0 };
      for (const contact of byEmail.values()) {
        try {
          const outcome = await db.transaction((tx) =>
            inviteContact(tx, config, access.team, contact, access.user),
          );
          if (outcome === 'sent') counts.synced_count += 1;
          else counts.skipped_count += 1;
        } catch {
          counts.failed_count += 1;
        }
      }
      if (counts.synced_count > 0) mailQueued();
      return counts;
    },

    /**
     * 'Invite all' after an import (docs/decisions/049): the first invite to every email of the team's
     * contacts that was never invited and has no account linked, through the mail outbox as any invite.
     * Coach-only like the import. The coach's hourly allowance stops it: the rest wait for the next
     * Invite all (`waiting_count`); none is ever sent twice by it.
     */
    async inviteNew(access: TeamAccess) {
      const teamId = access.team.id;
      requireCapability(access, 'import_roster');
      requireVerifiedSender(access.user);
      const byEmail = new Map<string, queries.ContactRow[]>();
      for (const contact of await queries.contactsOfTeam(db, teamId)) {
        byEmail.set(contact.email, [...(byEmail.get(contact.email) ?? []), contact]);
      }
      const never = [...byEmail.values()]
        .filter((all) => all.every((c) => c.userId === null && c.inviteSentAt === null))
        .map((all) => all[0])
        .filter((c): c is queries.ContactRow => c !== undefined);
      let invited = 0;
      for (const contact of never) {
        try {
          const outcome = await db.transaction((tx) =>
            inviteContact(tx, config, access.team, contact, access.user),
          );
          if (outcome === 'sent') invited += 1;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429) break;
          if (invited > 0) mailQueued();
          throw error;
        }
      }
      if (invited > 0) mailQueued();
      const waiting = never.length - invited;
      return { invited_count: invited, waiting_count: waiting, message: inviteNewMessage(invited, waiting) };
    },

    /**
     * The Parent Accounts section: one row per parent email among the team's contacts, then the parent
     * members who are not anyone's contact yet ('unassigned').
     */
    async synced(access: TeamAccess): Promise<SyncedParent[]> {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      const rows = await queries.contactsWithAccounts(db, teamId);
      const groups = new Map<string, SyncedParent>();
      for (const { contact, playerName } of rows) {
        const sent = contact.inviteSentAt?.toISOString() ?? null;
        const joined = contact.userId !== null;
        const group = groups.get(contact.email);
        if (!group) {
          groups.set(contact.email, {
            parent_id: contact.id,
            user_id: contact.userId,
            name: contact.name,
            email: contact.email,
            phone: contact.phone,
            status: joined ? 'joined' : sent ? 'invited' : 'no_account',
            has_user_account: joined,
            children: [playerName],
            invite_sent_at: sent,
          });
          continue;
        }
        if (!group.children.includes(playerName)) group.children.push(playerName);
        group.phone ??= contact.phone;
        if (sent && (!group.invite_sent_at || sent > group.invite_sent_at)) group.invite_sent_at = sent;
        if (joined && group.user_id === null) {
          group.user_id = contact.userId;
          group.has_user_account = true;
          group.name = contact.name;
          group.phone = contact.phone;
          group.status = 'joined';
        } else if (!joined && group.status === 'no_account' && sent) group.status = 'invited';
      }
      const linkedUsers = new Set([...groups.values()].map((g) => g.user_id));
      const unassigned: SyncedParent[] = (await membersOfTeam(db, teamId))
        // eslint-disable-next-line no-restricted-syntax -- picks the team's parents, decides no permission
        .filter((m) => m.memberRole === 'parent' && !linkedUsers.has(m.userId) && !groups.has(m.email))
        .map((m) => ({
          parent_id: null,
          user_id: m.userId,
          name: m.name,
          email: m.email,
          phone: m.phone,
          status: 'unassigned',
          has_user_account: true,
          children: [],
          invite_sent_at: null,
        }));
      const byName = (a: SyncedParent, b: SyncedParent) => a.name.localeCompare(b.name);
      return [...[...groups.values()].sort(byName), ...unassigned.sort(byName)];
    },
  };
}

export type ParentService = ReturnType<typeof createParentService>;
