import type { NotificationKind } from '../../../shared/notifications.ts';
import type { JoinRole } from '../../../shared/roles.ts';

// What the coaches' bell says of a request to join (docs/product/notifications.md 'Who is told'). The
// requester is not a member yet: the notice names them and the role they ask for, as the coaches' Join
// Requests tab does, and nothing else of theirs (no email address, no message: the tab shows those).

/** Admin, Join Requests: where a coach approves or declines. */
export const JOIN_REQUESTS_PATH = '/#admin?tab=join-requests';

export function joinRequestNotice(
  team: string,
  requester: { name: string; role: JoinRole },
): { kind: NotificationKind; title: string; body: string; link: string } {
  return {
    kind: 'join_request',
    title: `${team}: ${requester.name} asks to join as a ${requester.role}`,
    body: 'Approve or decline the request in Admin, Join Requests.',
    link: JOIN_REQUESTS_PATH,
  };
}
