import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_TAB, tabFromHash, type TabId } from '../../shared/tabs.ts';

export const ACTIVE_TAB_KEY = 'activeTab';

function savedTab(administers: boolean): TabId | undefined {
  try {
    const saved = localStorage.getItem(ACTIVE_TAB_KEY);
    return saved ? tabFromHash(saved, administers, true) : undefined;
  } catch {
    return undefined;
  }
}

/** The tab of the URL hash; with no hash, the tab used last; otherwise the dashboard. */
function currentTab(administers: boolean): TabId {
  const hash = window.location.hash;
  if (hash && hash !== '#') return tabFromHash(hash, administers) ?? DEFAULT_TAB;
  return savedTab(administers) ?? DEFAULT_TAB;
}

/**
 * The active tab, switched by the URL hash so that back and forward move between tabs. Navigating sets
 * location.hash, which adds a history entry; the tab is remembered in local storage.
 */
export function useHashTab(administers: boolean): [TabId, (tab: TabId) => void] {
  const [tab, setTab] = useState<TabId>(() => currentTab(administers));

  useEffect(() => {
    const onHashChange = () => setTab(currentTab(administers));
    window.addEventListener('hashchange', onHashChange);
    // A tap on a tab during the first paint, before this listener existed, still counts.
    onHashChange();
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [administers]);

  useEffect(() => {
    try {
      localStorage.setItem(ACTIVE_TAB_KEY, tab);
    } catch {
      // Storage full or blocked: the tab is simply not remembered.
    }
    // A restored tab is written into the address bar without adding a history entry.
    const hash = window.location.hash;
    if (!hash || hash === '#') {
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${window.location.search}#${tab}`,
      );
    }
  }, [tab]);

  const navigate = useCallback((next: TabId) => {
    if (window.location.hash === `#${next}`) setTab(next);
    else window.location.hash = next;
  }, []);

  return [tab, navigate];
}
