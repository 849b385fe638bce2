import { useCallback, useEffect, useState } from 'react';
import { hashParams } from '../../shared/tabs.ts';

/**
 * A parameter after the tab in the URL hash, e.g. `tab` in '#admin?tab=moderators': read on load (so a
 * link or a reload opens the right sub-tab), followed on back and forward, and set by adding a history entry.
 */
export function useHashParam(name: string): [string | null, (value: string) => void] {
  const read = useCallback(() => hashParams(window.location.hash).get(name), [name]);
  const [value, setValue] = useState(read);

  useEffect(() => {
    const onHashChange = () => setValue(read());
    window.addEventListener('hashchange', onHashChange);
    // A change made before this listener existed still counts.
    onHashChange();
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [read]);

  const set = useCallback(
    (next: string) => {
      const [tab = ''] = window.location.hash.replace(/^#/, '').split('?');
      const params = hashParams(window.location.hash);
      if (params.get(name) === next) return;
      params.set(name, next);
      window.location.hash = `${tab}?${params.toString()}`;
    },
    [name],
  );

  return [value, set];
}
