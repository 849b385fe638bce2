import { excerpt } from '../../../shared/display.ts';
import type { NotificationKind } from '../../../shared/notifications.ts';

// What the bell says of a new poll (docs/product/polls.md 'Poll email', docs/product/notifications.md).
// Its email is the notification's, sent by the notification sender; the 'new-poll' template in
// mail/templates.ts stays for emails queued before.

/** The path that opens the Polls tab at this poll. */
export const pollPath = (pollId: number) => `/#messages?subtab=polls&pollId=${pollId}`;

/** 'U12 Lions: New poll "Pizza after the game?"', the options as the body. */
export function pollNotice(
  team: string,
  poll: { id: number; question: string; options: readonly string[] },
): { kind: NotificationKind; title: string; body: string; link: string } {
  return {
    kind: 'poll_new',
    title: `${team}: New poll "${excerpt(poll.question, 120)}"`,
    body: excerpt(poll.options.join(' / ')),
    link: pollPath(poll.id),
  };
}
