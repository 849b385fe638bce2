import type { OutgoingEmail } from './outbox.ts';

// Email texts. Plain text first (it is what a phone's mail preview shows); the HTML is the same words.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function email(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): OutgoingEmail {
  const [first = '', ...rest] = paragraphs;
  const text = [first, ...(link ? [`${link.label}: ${link.url}`] : []), ...rest].join('\n\n');
  const html = [
    `<p>${escapeHtml(first)}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject, text, html };
}

export function passwordResetEmail(args: {
  to: string;
  name: string;
  clubName: string;
  url: string;
}): OutgoingEmail {
  return email(
    args.to,
    `Reset your ${args.clubName} password`,
    [
      `Hi ${args.name}, someone (hopefully you) asked to reset the password of your ${args.clubName} account. Open this link to choose a new one:`,
      'The link works once and expires in one hour.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
    { url: args.url, label: 'Reset your password' },
  );
}

export function inviteEmail(args: {
  to: string;
  name: string;
  clubName: string;
  teamName: string;
  url: string;
  expiresInDays: number;
}): OutgoingEmail {
  return email(
    args.to,
    `You're invited to join ${args.teamName} on ${args.clubName}`,
    [
      `Hi ${args.name}, the coach of ${args.teamName} added you as a parent contact and invited you to the team's page: the schedule, results, the roster and team messages. Open this link to choose your password and join:`,
      `The link works once and expires in ${args.expiresInDays} days. If it has expired, ask your coach to send a new one.`,
      'If you were not expecting this, you can ignore this email.',
    ],
    { url: args.url, label: `Join ${args.teamName}` },
  );
}

export function joinApprovedEmail(args: {
  to: string;
  name: string;
  clubName: string;
  teamName: string;
  url: string;
}): OutgoingEmail {
  return email(
    args.to,
    `Your request to join ${args.teamName} was approved`,
    [
      `Hi ${args.name}, good news: a coach approved your request to join ${args.teamName} on ${args.clubName}. Sign in to see the team's schedule, roster and messages:`,
    ],
    { url: args.url, label: 'Sign in' },
  );
}

export function joinRejectedEmail(args: {
  to: string;
  name: string;
  clubName: string;
  teamName: string;
  reason: string | null;
}): OutgoingEmail {
  return email(args.to, `Your request to join ${args.teamName} was not approved`, [
    `Hi ${args.name}, a coach of ${args.teamName} on ${args.clubName} did not approve your request to join the team.`,
    ...(args.reason ? [`Reason given: ${args.reason}`] : []),
    'If you think this is a mistake, please contact the coach directly.',
  ]);
}

export function verifyEmailMessage(args: {
  to: string;
  name: string;
  clubName: string;
  url: string;
}): OutgoingEmail {
  return email(
    args.to,
    `Confirm your email address for ${args.clubName}`,
    [
      `Hi ${args.name}, please confirm that this is your email address for your ${args.clubName} account:`,
      'The link works once and expires in 48 hours. Until you follow it, your coach cannot link your account to your child by email.',
      'If you did not ask for this, you can ignore this email.',
    ],
    { url: args.url, label: 'Confirm your email address' },
  );
}
