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
  link: { url: string; label: string },
): OutgoingEmail {
  const text = [...paragraphs.slice(0, 1), `${link.label}: ${link.url}`, ...paragraphs.slice(1)].join('\n\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
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
