import { canMessage } from './permissions.ts';
import type { Role } from './roles.ts';

// Conversations and messages (docs/product/conversations.md 'Conversations and messages', 'Child-safe
// messaging', 'Live updates and polling'; docs/decisions/020). Pure rules used by the server and the
// page.

export const CONVERSATION_TYPES = ['peer_to_peer', 'group'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

export const MESSAGE_LIMITS = {
  /** A message is a chat line, not a document; long enough for directions to a field. */
  contentMax: 4000,
  conversationNameMax: 100,
  /** Everyone on a big club team, with room for the added parents. */
  participantsMax: 200,
  /** Messages of a conversation answered at once, newest last. */
  threadPage: 200,
  /** An Idempotency-Key header: a UUID or similar token from the page. */
  idempotencyKeyMax: 100,
} as const;

export const MESSAGING_MESSAGES = {
  noTeam: 'Please select a team to view messages.',
  noMembers: 'No team members available to message',
  selectParticipant: 'Please select at least one participant',
  createTitle: 'Unable to Create Conversation',
  createFailed: 'Failed to create conversation',
  sendFailed: 'Failed to send message',
  conversationNotFound: 'Conversation not found',
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message must be no more than ${MESSAGE_LIMITS.contentMax} characters`,
  nameTooLong: `Conversation name must be no more than ${MESSAGE_LIMITS.conversationNameMax} characters`,
  tooManyParticipants: `A conversation can have at most ${MESSAGE_LIMITS.participantsMax} participants`,
  notMessageable: 'You cannot message one or more of the selected people',
  /** A send whose role rule no longer holds (a moderator's can_send_messages revoked, say). */
  sendNotAllowed: 'You can no longer message one or more of the people in this conversation',
  /** The child-safe rule found a player with no parent, and no second adult (coach or club admin) to include. */
  noSecondAdult:
    "This player has no parent account yet, and there is no second adult (another coach or a club administrator) to copy into the conversation. Invite the player's parent to join the team, or ask the club to add a second coach or an administrator.",
  idempotencyKeyTooLong: `Idempotency-Key must be 1 to ${MESSAGE_LIMITS.idempotencyKeyMax} characters`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for another message',
  /** Shown in a thread whose child-safe rule added parents. */
  parentsAdded: "A player's parents are included in this conversation to keep it safe.",
  /** Shown in a thread where a player had no parent account to copy: the team's coaches were added. */
  noParentYet:
    'No parent account is linked to this player yet, so the team’s coaches are included. A parent who joins is added with the next message.',
  /** Shown instead of noParentYet when the team's one coach was not a second adult: the club's admins were added. */
  adminsCopied: (names: readonly string[]) =>
    `No parent account is linked to this player yet and the team has no second coach, so ${
      names.length === 1
        ? `the club’s administrator, ${names[0] ?? ''}, is`
        : `the club’s administrators, ${names.join(', ')}, are`
    } included as the second adult. A parent who joins is added with the next message.`,
  /** 'Start New Message': the groups (docs/product/conversations.md 'The screen'). */
  searchLabel: 'Search by name',
  noMatch: 'Nobody of that name',
  chosenCount: (n: number) => `${n} chosen`,
  /** Who a group left out: people of the team the sender may not message (canMessage). */
  leftOut: (names: readonly string[]) =>
    `Left out: ${names.join(', ')}. Parents message parents, coaches and admins; players message players, coaches and admins.`,
  /** The child-safe rule, said before the conversation starts when a player is chosen. */
  playersKeptSafe:
    "Each chosen player's parents (or, without a parent account, the coaches) are added when the conversation starts, so no player is alone with an adult.",
  justYou: 'Just you',
  everyone: 'Everyone',
} as const;

/**
 * The polling intervals (docs/product/conversations.md 'Live updates and polling'), the fallback while no
 * live stream is connected.
 */
export const MESSAGING_POLL_MS = {
  openConversation: 3_000,
  conversationsTab: 30_000,
  otherwiseVisible: 60_000,
  hidden: 120_000,
  unreadCount: 30_000,
} as const;

/**
 * docs/product/conversations.md 'Conversations and messages': peer_to_peer with one other participant,
 * otherwise group.
 */
export function conversationTypeOf(participantCount: number): ConversationType {
  return participantCount === 2 ? 'peer_to_peer' : 'group';
}

/** The quick groups of 'Start New Message': which roles each adds (of those the sender may message). */
export const RECIPIENT_GROUPS = [
  { key: 'parents', label: 'All parents', roles: ['parent'] },
  { key: 'players', label: 'All players', roles: ['player'] },
  { key: 'coaches', label: 'All coaches', roles: ['coach'] },
  // The team's own people: a club admin is picked by name (decision 046).
  { key: 'team', label: 'Whole team', roles: ['coach', 'parent', 'player'] },
] as const satisfies readonly { key: string; label: string; roles: readonly Role[] }[];

/** The groups of 'Start New Message', in the spec's order. */
export const PARTICIPANT_GROUPS = ['coach', 'admin', 'parent', 'player'] as const satisfies readonly Role[];
export const PARTICIPANT_GROUP_LABELS: Record<Role, string> = {
  coach: 'Coaches',
  admin: 'Admins',
  parent: 'Parents',
  player: 'Players',
};

// Who may message whom is a permission: src/shared/permissions.ts decides it.
export { canMessage };

export interface DirectoryPerson {
  user_id: number;
  role: Role;
}

export interface Sender extends DirectoryPerson {
  canSendMessages: boolean;
}

/**
 * The messaging rule (docs/product/conversations.md 'Who may message whom') for every message, not only
 * the first (a flag revoked since must count): a message reaches everyone chosen in the conversation, so
 * its sender must still be allowed to message each of them; or the sender was brought in by the
 * conversation's starter, who still may (a parent answering a coach's group that holds players).
 * `chosen`: the participants still on the team who were not added by the child-safe rule (those are there
 * to watch, never the reason to refuse); `starter`: null once they left.
 */
export function maySend({
  sender,
  starter,
  chosen,
}: {
  sender: Sender;
  starter: Sender | null;
  chosen: readonly DirectoryPerson[];
}): boolean {
  const mayWriteToAll = (who: Sender) =>
    chosen.every((p) => p.user_id === who.user_id || canMessage(who, p.role));
  return mayWriteToAll(sender) || (starter !== null && mayWriteToAll(starter));
}

export interface ChildSafeInput {
  /** Everyone chosen, the creator included. */
  participants: readonly DirectoryPerson[];
  /** Player user id -> the user ids of that player's linked parent accounts on this team. */
  parentsOfPlayer: ReadonlyMap<number, readonly number[]>;
  /** The team's coaches, by user id. */
  coachIds: readonly number[];
  /** The club's administrators, by user id: the second adult when the team's coaches are not enough. */
  adminIds: readonly number[];
}

export interface ChildSafeResult {
  /** User ids to add, beyond those chosen, in ascending order. */
  added: number[];
  /** Some player had no parent account: coaches were added instead. */
  noParentYet: boolean;
  /**
   * Even so, a player without a parent would be with fewer than two adults (the team's only coach in a
   * club with no admin, say): the conversation must not happen until a parent or another adult joins.
   */
  blocked: boolean;
}

/** The children among a conversation's people (their players): the child-safe rule is about them. */
export function childrenAmong(people: readonly { user_id: number; role: Role }[]): number[] {
  // eslint-disable-next-line no-restricted-syntax -- who is a child in the conversation (the child-safe rule), no permission
  return people.filter((person) => person.role === 'player').map((person) => person.user_id);
}

/**
 * docs/product/conversations.md 'Child-safe messaging': every player is a minor. When a conversation
 * holds a player and an adult who is not that player's parent, the player's linked parent accounts join
 * it; a player with no linked parent brings the team's coaches instead and, when that still leaves fewer
 * than two adults (a team with one coach), the club's admins; with fewer than two adults even then it is
 * refused. Player-to-player conversations stay as they are. `parentsOfPlayer` must hold parent accounts
 * only.
 */
export function childSafeAdditions({
  participants,
  parentsOfPlayer,
  coachIds,
  adminIds,
}: ChildSafeInput): ChildSafeResult {
  const chosen = new Set(participants.map((p) => p.user_id));
  const children = childrenAmong(participants);
  const adults = participants.filter((p) => !children.includes(p.user_id)).map((p) => p.user_id);
  const added = new Set<number>();
  let noParentYet = false;
  for (const child of children) {
    const parents = parentsOfPlayer.get(child) ?? [];
    const unrelatedAdult = adults.some((adult) => !parents.includes(adult));
    if (!unrelatedAdult) continue;
    if (parents.length > 0) {
      parents.forEach((id) => added.add(id));
    } else {
      noParentYet = true;
      coachIds.forEach((id) => added.add(id));
    }
  }
  for (const id of chosen) added.delete(id);
  const adultCount = () => new Set([...adults, ...added]).size;
  // docs/product/conversations.md 'Child-safe messaging': the club's admins are the second adult.
  if (noParentYet && adultCount() < 2)
    adminIds.filter((id) => !chosen.has(id)).forEach((id) => added.add(id));
  return {
    added: [...added].sort((a, b) => a - b),
    noParentYet,
    blocked: noParentYet && adultCount() < 2,
  };
}

/** The participants the child-safe rule copied in as a child's parents (the thread says so). */
export function parentsCopied<T extends { role: Role; added_for_safety: boolean }>(
  participants: readonly T[],
): T[] {
  // eslint-disable-next-line no-restricted-syntax -- picks the people to name, decides no permission
  return participants.filter((p) => p.added_for_safety && p.role === 'parent');
}

/** The participants the child-safe rule copied in as the club's admins (the thread names them). */
export function adminsCopied<T extends { role: Role; added_for_safety: boolean }>(
  participants: readonly T[],
): T[] {
  // eslint-disable-next-line no-restricted-syntax -- picks the people to name, decides no permission
  return participants.filter((p) => p.added_for_safety && p.role === 'admin');
}

/**
 * A conversation's title (docs/product/conversations.md 'Conversations and messages'): its name when it
 * has one; otherwise 'Just you' alone, 'Everyone' when it holds every member of the team, the other
 * people's names up to 4, and past 4 the first three and 'and N others'.
 */
export function conversationTitle(input: {
  name: string | null;
  viewerId: number;
  participants: readonly { user_id: number; name: string }[];
  /** How many members the team has (the viewer included). */
  teamMemberCount: number;
  /** How many of the participants are members of the team. */
  memberParticipantCount: number;
}): string {
  const name = input.name?.trim();
  if (name) return name;
  const others = input.participants.filter((p) => p.user_id !== input.viewerId).map((p) => p.name);
  if (others.length === 0) return MESSAGING_MESSAGES.justYou;
  if (input.teamMemberCount > 2 && input.memberParticipantCount >= input.teamMemberCount) {
    return MESSAGING_MESSAGES.everyone;
  }
  if (others.length <= 4) return others.join(', ');
  return `${others.slice(0, 3).join(', ')} and ${others.length - 3} others`;
}

/** Live update kinds sent on the stream (`event: change`), and what each asks the page to read again. */
export const LIVE_TOPICS = ['messages', 'conversations', 'announcements', 'polls', 'notifications'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveChange {
  team_id: number;
  topic: LiveTopic;
  /** For 'messages': the conversation that has a new message. */
  conversation_id?: number;
}
