import { z } from 'zod';

// Email texts (docs/product/limits-and-abuse.md 'Privacy in logs and email'). A queued email keeps what
// it is about: its template's name and parameters, with links as paths on the app (tokens included) and
// never the app's address. The sender renders it when it sends, with its own PUBLIC_URL and CLUB_NAME, so
// a process that only queued it (the demo seed, a CLI with another configuration) never fixes the address
// people follow. Plain text first (it is what a phone's mail preview shows); the HTML is a whole document
// with the same words.

/** What the sending server says of itself. */
export interface Site {
  publicUrl: string;
  clubName: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), for notification emails. */
  headers?: Record<string, string>;
}

/**
 * A paragraph, a quoted line (shown strong), a link to a path on the app, or a row of links (the
 * Going / Maybe / Can't go buttons of one player).
 */
type Block =
  | string
  | { quote: string }
  | { path: string; label: string; textLabel?: string }
  | { caption: string; links: { path: string; label: string }[] };

interface Letter {
  subject: string;
  blocks: Block[];
  /** One-click unsubscribe (an API path, POSTed by the mail client) for the List-Unsubscribe headers. */
  oneClickUnsubscribe?: string;
}

/** A path on the app ('/reset-password?token=...'), never an address of its own. */
const appPath = z.string().regex(/^\/(?![/\\])/, 'a path on the app');

function template<Params extends z.ZodType>(
  params: Params,
  letter: (p: z.output<Params>, site: Site) => Letter,
) {
  return { params, letter };
}

const TEMPLATES = {
  'password-reset': template(z.object({ name: z.string(), link: appPath }), (p, site) => ({
    subject: `Reset your ${site.clubName} password`,
    blocks: [
      `Hi ${p.name}, someone (hopefully you) asked to reset the password of your ${site.clubName} account. Open this link to choose a new one:`,
      { path: p.link, label: 'Reset your password' },
      'The link works once and expires in one hour.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  })),

  'verify-email': template(
    // userId: the sender skips the email once the address is verified (mail/needless.ts). Nothing the
    // registrant typed (a name) is in it: whoever registers an address need not own it, and the email
    // reaches the address's owner. An email queued before this change still carries a name: unused.
    z.object({ userId: z.number().int(), link: appPath }),
    (p, site) => ({
      subject: `Confirm your email address for ${site.clubName}`,
      blocks: [
        `Hello, this email comes from ${site.clubName}: someone gave this email address for an account there. If that was you, sign in to that account and open this link to confirm the address:`,
        { path: p.link, label: 'Confirm your email address' },
        'The link works once, only while you are signed in to that account, and expires in 48 hours.',
        "If you did not create an account with this address, ignore this email: nothing happens until the account's owner follows the link while signed in.",
      ],
    }),
  ),

  invite: template(
    z.object({ name: z.string(), teamName: z.string(), link: appPath, expiresInDays: z.number().int() }),
    (p, site) => ({
      // Fixed words and the club's configured name only: the team's name is whatever the coach typed,
      // and an invite goes to any address (docs/product/accounts-and-sign-in.md 'Confirming an email
      // address').
      subject: `You're invited to join a team on ${site.clubName}`,
      blocks: [
        `Hi ${p.name}, the coach of ${p.teamName} added you as a parent contact and invited you to the team's page: the schedule, results, the roster and team messages. Open this link to choose your password and join:`,
        { path: p.link, label: `Join ${p.teamName}` },
        `The link works once and expires in ${p.expiresInDays} days. If it has expired, ask your coach to send a new one.`,
        'If you were not expecting this, you can ignore this email.',
      ],
    }),
  ),

  'join-approved': template(
    z.object({ name: z.string(), teamName: z.string(), link: appPath }),
    (p, site) => ({
      subject: `Your request to join ${p.teamName} was approved`,
      blocks: [
        `Hi ${p.name}, good news: a coach approved your request to join ${p.teamName} on ${site.clubName}. Sign in to see the team's schedule, roster and messages:`,
        { path: p.link, label: 'Sign in' },
      ],
    }),
  ),

  'join-rejected': template(
    z.object({ name: z.string(), teamName: z.string(), reason: z.string().nullable() }),
    (p, site) => ({
      subject: `Your request to join ${p.teamName} was not approved`,
      blocks: [
        `Hi ${p.name}, a coach of ${p.teamName} on ${site.clubName} did not approve your request to join the team.`,
        ...(p.reason ? [`Reason given: ${p.reason}`] : []),
        'If you think this is a mistake, please contact the coach directly.',
      ],
    }),
  ),

  // A notification (docs/product/notifications.md 'Email'): its title is the subject, then what it says,
  // a link to its screen, for events each player's answer buttons, and the way to stop these emails.
  notification: template(
    z.object({
      name: z.string(),
      teamName: z.string(),
      title: z.string(),
      body: z.string(),
      link: appPath,
      kindLabel: z.string(),
      answers: z
        .array(
          z.object({
            player: z.string(),
            yes: appPath,
            maybe: appPath,
            no: appPath,
          }),
        )
        .default([]),
      unsubscribe: appPath,
      oneClickUnsubscribe: appPath,
    }),
    (p, site) => ({
      subject: p.title,
      blocks: [
        `Hi ${p.name},`,
        { quote: p.title },
        ...(p.body ? [p.body] : []),
        ...p.answers.map((a) => ({
          caption: `Answer for ${a.player}:`,
          links: [
            { path: a.yes, label: 'Going' },
            { path: a.maybe, label: 'Maybe' },
            { path: a.no, label: "Can't go" },
          ],
        })),
        { path: p.link, label: `Open in ${site.clubName}` },
        `You get this email because you are in ${p.teamName} on ${site.clubName}.`,
        { path: p.unsubscribe, label: `Stop emails about ${p.kindLabel.toLowerCase()}` },
      ],
      oneClickUnsubscribe: p.oneClickUnsubscribe,
    }),
  ),

  // The daily digest: what waited, newest last, each with its link.
  'notification-digest': template(
    z.object({
      name: z.string(),
      items: z.array(z.object({ title: z.string(), body: z.string(), link: appPath })).min(1),
      settings: appPath,
      unsubscribe: appPath,
      oneClickUnsubscribe: appPath,
    }),
    (p, site) => ({
      subject:
        p.items.length === 1
          ? `Your ${site.clubName} digest: ${p.items[0]?.title ?? ''}`
          : `Your ${site.clubName} digest: ${p.items.length} updates`,
      blocks: [
        `Hi ${p.name}, here is what happened since your last digest:`,
        ...p.items.flatMap((item) => [
          { quote: item.title },
          ...(item.body ? [item.body] : []),
          { path: item.link, label: 'Open', textLabel: 'Open' },
        ]),
        { path: p.settings, label: 'Choose what you get by email' },
        { path: p.unsubscribe, label: 'Stop the daily digest' },
      ],
      oneClickUnsubscribe: p.oneClickUnsubscribe,
    }),
  ),

  // The new-poll email (docs/product/polls.md 'Poll email'): the question and a link that opens the poll.
  'new-poll': template(
    z.object({
      name: z.string(),
      teamName: z.string(),
      authorName: z.string(),
      question: z.string(),
      link: appPath,
    }),
    (p) => ({
      subject: `New poll for ${p.teamName}`,
      blocks: [
        `Hi ${p.name}, ${p.authorName} started a new poll for ${p.teamName}:`,
        { quote: p.question },
        { path: p.link, label: 'Vote in the poll', textLabel: 'Open the poll to vote' },
      ],
    }),
  ),
};

type Templates = typeof TEMPLATES;
export type TemplateName = keyof Templates;

/** An email as it waits in the outbox: to whom, and what it is about. */
export type QueuedEmail = {
  [K in TemplateName]: { to: string; template: K; params: z.input<Templates[K]['params']> };
}[TemplateName];

/** The parameters as they are stored: checked now, so a bad one fails the change that queues it. */
export function storedParams(email: QueuedEmail): unknown {
  return TEMPLATES[email.template].params.parse(email.params);
}

/** Renders a queued email for `site`; throws when its template or parameters are unknown here. */
export function renderQueued(name: string, params: unknown, site: Site): RenderedEmail {
  if (!Object.hasOwn(TEMPLATES, name)) throw new Error(`Unknown email template "${name}"`);
  const { params: schema, letter } = TEMPLATES[name as TemplateName];
  // Each template's schema goes with its own letter; TypeScript cannot pair them through the union.
  const { subject, blocks, oneClickUnsubscribe } = (letter as (p: unknown, site: Site) => Letter)(
    schema.parse(params),
    site,
  );
  const rendered = renderLetter(subject, blocks, site);
  if (!oneClickUnsubscribe) return rendered;
  return {
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${site.publicUrl}${oneClickUnsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** An email queued before templates (already rendered): sent as it is, in a whole HTML document. */
export function renderStored(row: { subject: string; text: string; html: string | null }): RenderedEmail {
  const body =
    row.html ??
    row.text
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('\n');
  return {
    subject: row.subject,
    text: row.text,
    html: /^\s*<!doctype html/i.test(body) ? body : htmlDocument(row.subject, body),
  };
}

function renderLetter(subject: string, blocks: Block[], site: Site): RenderedEmail {
  const url = (path: string) => `${site.publicUrl}${path}`;
  const text = blocks.map((block) =>
    typeof block === 'string'
      ? block
      : 'quote' in block
        ? `"${block.quote}"`
        : 'links' in block
          ? [block.caption, ...block.links.map((link) => `${link.label}: ${url(link.path)}`)].join('\n')
          : `${block.textLabel ?? block.label}: ${url(block.path)}`,
  );
  const button = (link: { path: string; label: string }) =>
    `<a href="${escapeHtml(url(link.path))}" style="display:inline-block;padding:8px 14px;margin:0 6px 6px 0;border:1px solid #059669;border-radius:6px;color:#065f46;text-decoration:none;">${escapeHtml(link.label)}</a>`;
  const html = blocks.map((block) =>
    typeof block === 'string'
      ? `<p>${escapeHtml(block)}</p>`
      : 'quote' in block
        ? `<p><strong>${escapeHtml(block.quote)}</strong></p>`
        : 'links' in block
          ? `<p>${escapeHtml(block.caption)}<br>${block.links.map(button).join('')}</p>`
          : `<p><a href="${escapeHtml(url(block.path))}">${escapeHtml(block.label)}</a></p>`,
  );
  return { subject, text: text.join('\n\n'), html: htmlDocument(subject, html.join('\n')) };
}

function htmlDocument(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="font-family: sans-serif; line-height: 1.5;">',
    body,
    '</body>',
    '</html>',
  ].join('\n');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
