import { describe, expect, it } from 'vitest';
import { announcementNotice } from '../../src/server/features/announcements/notice.ts';
import { documentNotice } from '../../src/server/features/documents/notice.ts';
import { joinRequestNotice } from '../../src/server/features/joining/notice.ts';
import { pollNotice } from '../../src/server/features/polls/notice.ts';
import { excerpt } from '../../src/shared/display.ts';

// What the bell says of a new announcement, poll, join request or document
// (docs/product/notifications.md 'Announcements, polls, join requests, documents').

describe('notification wording', () => {
  it('cuts a long text at a word, on one line, with an ellipsis', () => {
    expect(excerpt('Short and\n\nsweet ')).toBe('Short and sweet');
    const words = 'Bring water and shin guards. '.repeat(10);
    const cut = excerpt(words);
    expect(Array.from(cut).length).toBeLessThanOrEqual(140);
    const flat = words.replace(/\s+/g, ' ').trim();
    // The words before the ellipsis are whole: the text goes on with a space after them.
    expect(flat.startsWith(`${cut.slice(0, -1)} `)).toBe(true);
    // One long word: cut inside it rather than dropping everything.
    expect(excerpt('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    // Never half an emoji.
    expect(excerpt('\u{1F600}'.repeat(20), 5)).toBe(`${'\u{1F600}'.repeat(4)}…`);
  });

  it('titles an announcement with the team and its title; high priority is urgent', () => {
    const announcement = {
      id: 5,
      title: 'Field change tonight',
      content: 'Practice moves to the south field.\nBring lights.',
      priority: 'normal' as const,
    };
    expect(announcementNotice('U12 Lions', announcement)).toEqual({
      kind: 'announcement',
      title: 'U12 Lions: Field change tonight',
      body: 'Practice moves to the south field. Bring lights.',
      link: '/#messages?subtab=announcements&announcementId=5',
    });
    expect(announcementNotice('U12 Lions', { ...announcement, priority: 'high' }).kind).toBe(
      'announcement_urgent',
    );
    expect(announcementNotice('U12 Lions', { ...announcement, priority: 'low' }).kind).toBe('announcement');
    const long = announcementNotice('U12 Lions', { ...announcement, content: 'word '.repeat(100) }).body;
    expect(Array.from(long).length).toBeLessThanOrEqual(140);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('titles a poll with its question, its options as the body', () => {
    expect(
      pollNotice('U12 Lions', { id: 9, question: 'Pizza after the game?', options: ['Yes', 'No'] }),
    ).toEqual({
      kind: 'poll_new',
      title: 'U12 Lions: New poll "Pizza after the game?"',
      body: 'Yes / No',
      link: '/#messages?subtab=polls&pollId=9',
    });
    const title = pollNotice('U12 Lions', { id: 9, question: 'Why '.repeat(75), options: ['a', 'b'] }).title;
    expect(title.endsWith('Why…"')).toBe(true);
  });

  it('names the requester and the role, and nothing else of theirs', () => {
    expect(joinRequestNotice('U12 Lions', { name: 'Pat Parent', role: 'parent' })).toEqual({
      kind: 'join_request',
      title: 'U12 Lions: Pat Parent asks to join as a parent',
      body: 'Approve or decline the request in Admin, Join Requests.',
      link: '/#admin?tab=join-requests',
    });
  });

  it('titles a document; its description or else its category as the body', () => {
    expect(
      documentNotice('U12 Lions', { title: 'Medical form', description: null, category: 'medical' }),
    ).toEqual({
      kind: 'document_new',
      title: 'U12 Lions: New document "Medical form"',
      body: 'Medical Forms',
      link: '/#documents',
    });
    expect(
      documentNotice('U12 Lions', {
        title: 'Rules',
        description: '  Read before Saturday ',
        category: 'rules',
      }).body,
    ).toBe('Read before Saturday');
  });
});
