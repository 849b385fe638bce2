import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { tabFromHash, type TabId } from '../../shared/tabs.ts';
import { DiscardChangesDialog } from '../components/DiscardChangesDialog.tsx';
import { closeThenGo } from '../lib/modal-history.ts';
import { hasUnsavedChanges, setLeaveAsker } from '../lib/unsaved-changes.ts';

/**
 * Asks the forms' discard question (components/DiscardChangesDialog.tsx) before the page is left with
 * unsaved input on it (lib/unsaved-changes.ts). The shell's own ways out (another team, Logout, the
 * logo) and the bell call `leaveThen`; a link to another tab anywhere on the page (the side bar, the
 * dashboard's links) is held here until answered. `beforeAsking` clears the way first (the phone's drawer
 * closes, so the question is asked over what was typed). Keep editing stays; Discard goes where the user
 * chose. Answers the dialog to render.
 */
export function useLeaveGuard(
  tab: TabId,
  administers: boolean,
  beforeAsking: (ask: () => void) => void,
): ReactNode {
  const [leave, setLeave] = useState<(() => void) | null>(null);
  const askBeforeLeaving = useEffectEvent((go: () => void) => beforeAsking(() => setLeave(() => go)));

  /** A link or a way out to `toHash` leaves this tab; one to no tab (the skip link) does not. */
  const leavesTab = useEffectEvent((toHash: string | undefined) => {
    if (toHash === undefined) return true;
    const next = tabFromHash(toHash, administers);
    return next !== undefined && next !== tab;
  });

  useEffect(() => {
    setLeaveAsker((go, toHash) => {
      if (leavesTab(toHash)) askBeforeLeaving(go);
      else go();
    });
    return () => setLeaveAsker(null);
  }, []);

  useEffect(() => {
    /** The held link followed after Discard: this listener lets that one click through. */
    let following = false;
    const onClick = (event: MouseEvent) => {
      if (following || event.defaultPrevented || !hasUnsavedChanges()) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      if (!leavesTab(link.getAttribute('href') ?? '')) return;
      // Before React's handlers (the drawer's) and the browser's: the same click is made again on Discard.
      event.preventDefault();
      event.stopPropagation();
      askBeforeLeaving(() => {
        following = true;
        try {
          link.click();
        } finally {
          following = false;
        }
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  if (!leave) return null;
  // The question's own history entry is taken back out before going (lib/modal-history.ts).
  return (
    <DiscardChangesDialog
      onKeepEditing={() => setLeave(null)}
      onDiscard={() => closeThenGo(() => setLeave(null), leave)}
    />
  );
}
