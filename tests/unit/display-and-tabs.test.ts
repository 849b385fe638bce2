import { describe, expect, it } from 'vitest';
import { badgeText, initials, pageTitle } from '../../src/shared/display.ts';
import { hashParams, tabFromHash, visibleTabs } from '../../src/shared/tabs.ts';

describe('badges', () => {
  it('show nothing for zero, the count up to 99, then 99+', () => {
    expect([0, -3, Number.NaN, 1, 99, 100, 1500].map(badgeText)).toEqual([
      '',
      '',
      '',
      '1',
      '99',
      '99+',
      '99+',
    ]);
  });
});

describe('initials', () => {
  it.each([
    ['Casey Coach', 'CC'],
    ['mary ann de la cruz', 'MC'],
    ['Madonna', 'MA'],
    ['  x  ', 'X'],
    ['', '?'],
  ])('%j -> %j', (name, expected) => expect(initials(name)).toBe(expected));
});

describe('page titles', () => {
  it('end with the club name', () => {
    expect(pageTitle('Dashboard', 'Riverside FC')).toBe('Dashboard | Riverside FC');
  });
});

describe('tabs by hash', () => {
  it('opens the named tab, ignoring the query part', () => {
    expect(tabFromHash('#calendar', false)).toBe('calendar');
    expect(tabFromHash('#messages?subtab=polls&pollId=4', false)).toBe('messages');
    expect(hashParams('#messages?subtab=polls&pollId=4').get('pollId')).toBe('4');
  });

  it('sends training to the dashboard; a link to admin opens it for everyone, a restored one only for coaches', () => {
    expect(tabFromHash('#training', true)).toBe('dashboard');
    // Admin then says 'Access Restricted' to a parent who followed a link.
    expect(tabFromHash('#admin', false)).toBe('admin');
    expect(tabFromHash('admin', false, true)).toBe('dashboard');
    expect(tabFromHash('#admin', true)).toBe('admin');
  });

  it('knows nothing of unknown or empty hashes', () => {
    expect(tabFromHash('', true)).toBeUndefined();
    expect(tabFromHash('#nowhere', true)).toBeUndefined();
  });

  it('shows the Admin tab to coaches only', () => {
    expect(visibleTabs(false).map((t) => t.label)).toEqual([
      'Dashboard',
      'Team Events',
      'Team',
      'Documents',
      'Calendar',
      'Communication',
    ]);
    expect(visibleTabs(true).map((t) => t.label)).toContain('Admin');
  });
});
