import type { OutgoingEmail } from '../../mail/outbox.ts';

// The new-poll email (DECISIONS.md 'Poll email'): the question and a link that opens the poll. Plain text
// first, like the other emails (mail/templates.ts); the HTML is the same words, escaped.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The address that opens the Polls tab at this poll. */
export const pollUrl = (publicUrl: string, pollId: number) =>
  `${publicUrl}/#messages?subtab=polls&pollId=${pollId}`;

export function newPollEmail(args: {
  to: string;
  name: string;
  teamName: string;
  authorName: string;
  question: string;
  url: string;
}): OutgoingEmail {
  const intro = `Hi ${args.name}, ${args.authorName} started a new poll for ${args.teamName}:`;
  const outro = 'Open the poll to vote:';
  return {
    to: args.to,
    subject: `New poll for ${args.teamName}`,
    text: [intro, `"${args.question}"`, `${outro} ${args.url}`].join('\n\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>${escapeHtml(args.question)}</strong></p>`,
      `<p><a href="${escapeHtml(args.url)}">Vote in the poll</a></p>`,
    ].join('\n'),
  };
}
