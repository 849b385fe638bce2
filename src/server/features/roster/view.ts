import type { ParentContact, Player } from '../../../shared/api/roster.ts';
import { hasCapability } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.ts';
import type { TeamAccess } from '../teams/access.ts';
import type { ContactRow, PlayerRow } from './queries.ts';

// How the roster reads to whoever asks. Privacy of minors (docs/product/roster-and-parents.md): only
// those who manage the roster get parents' emails, phones and accounts; everyone else gets names and the
// Primary badge.

export interface RosterViewer {
  userId: number;
  /** The viewer's email when verified; contacts match by email only then. */
  email: string | null;
  /** The role on this team (a coach account may be a parent on another team); 'admin' for admins. */
  role: Role;
  seesContactDetails: boolean;
}

export function rosterViewer(access: TeamAccess): RosterViewer {
  return {
    userId: access.user.id,
    email: access.user.emailVerifiedAt === null ? null : access.user.email,
    role: access.role,
    seesContactDetails: hasCapability(access, 'manage_roster'),
  };
}

export function toContact(row: ContactRow, seesContactDetails: boolean): ParentContact {
  return {
    id: row.id,
    name: row.name,
    is_primary: row.isPrimary,
    relationship: seesContactDetails ? row.relationship : null,
    email: seesContactDetails ? row.email : null,
    phone: seesContactDetails ? row.phone : null,
    user_id: seesContactDetails ? row.userId : null,
    invite_sent_at: seesContactDetails ? (row.inviteSentAt?.toISOString() ?? null) : null,
  };
}

/** Someone on the roster (a player, a contact) by their account, or by the viewer's verified email. */
interface RosterPerson {
  userId: number | null;
  email: string | null;
}

/** Whether `person` is the viewer: their account, or their verified email (null when not verified). */
export const isViewer = (person: RosterPerson, viewer: { userId: number; email: string | null }): boolean =>
  person.userId === viewer.userId || (viewer.email !== null && person.email === viewer.email);

/**
 * The is_mine rule, written once (the roster, RSVPs, votes, the calendar feed's player): a parent's own
 * child is a player one of whose contacts is the parent; a player's own is themselves; no one else has
 * one. `asContact` and `asPlayer` say whether the viewer is one of the player's contacts, or the player.
 */
export function isMineAs(role: Role, asContact: () => boolean, asPlayer: () => boolean): boolean {
  if (readsContactsForIsMine(role)) return asContact();
  // eslint-disable-next-line no-restricted-syntax -- who the player is to the viewer (the is_mine rule), no permission
  return role === 'player' && asPlayer();
}

/** Whether the is_mine rule reads the players' contacts for someone of `role` (a parent's children). */
// eslint-disable-next-line no-restricted-syntax -- who the player is to the viewer (the is_mine rule), no permission
export const readsContactsForIsMine = (role: Role): boolean => role === 'parent';

/** The signed-in parent's own child, or the signed-in player themselves (RSVP and vote eligibility). */
export function isMine(player: PlayerRow, contacts: readonly ContactRow[], viewer: RosterViewer): boolean {
  return isMineAs(
    viewer.role,
    () => contacts.some((contact) => isViewer(contact, viewer)),
    () => isViewer(player, viewer),
  );
}

export function toPlayer(row: PlayerRow, contacts: ContactRow[], viewer: RosterViewer): Player {
  return {
    id: row.id,
    team_id: row.teamId,
    name: row.name,
    position: row.position,
    jersey_number: row.jerseyNumber,
    age: row.age,
    status: row.status,
    parent_contacts: contacts.map((c) => toContact(c, viewer.seesContactDetails)),
    is_mine: isMine(row, contacts, viewer),
  };
}
