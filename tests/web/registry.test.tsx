import { describe, expect, it } from 'vitest';
import { LIVE_TOPICS } from '../../src/shared/conversations.ts';
import { TAB_IDS } from '../../src/shared/tabs.ts';
import {
  BADGES,
  DASHBOARD_CARDS,
  liveQueryKeys,
  TABS,
  unhandledLiveTopics,
} from '../../src/web/app/registry.tsx';

// The app's registry (docs/decisions/038): what the features register is what the shell shows.
describe('the web feature registry', () => {
  it('has one registration for every tab', () => {
    expect(Object.keys(TABS).sort()).toEqual([...TAB_IDS].sort());
  });

  it('shows the unread and join-request badges', () => {
    expect([...BADGES].map(([tab, badge]) => [tab, badge.label])).toEqual([
      ['messages', 'unread messages'],
      ['admin', 'pending join requests'],
    ]);
  });

  it('has the polls and the announcements cards on the dashboard', () => {
    expect(DASHBOARD_CARDS).toHaveLength(2);
  });

  it("reloads something for every live topic, under the team (the bell: the user's own)", () => {
    expect(unhandledLiveTopics()).toEqual([]);
    for (const topic of LIVE_TOPICS.filter((t) => t !== 'notifications')) {
      for (const key of liveQueryKeys(7, topic)) expect(key.slice(0, 2)).toEqual(['teams', 7]);
    }
    // Each user's notifications, whatever team the page shows.
    expect(liveQueryKeys(7, 'notifications')).toEqual([['notifications']]);
    expect(liveQueryKeys(7, 'conversations')).toEqual([
      ['teams', 7, 'conversations'],
      ['teams', 7, 'unread'],
    ]);
    expect(liveQueryKeys(7, 'messages')).toContainEqual(['teams', 7, 'messages']);
    expect(liveQueryKeys(7, 'polls')).toEqual([['teams', 7, 'polls']]);
    expect(liveQueryKeys(7, 'announcements')).toEqual([['teams', 7, 'announcements']]);
  });
});
