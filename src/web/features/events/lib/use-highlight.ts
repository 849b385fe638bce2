import { useEffect } from 'react';

/**
 * Brings the element with this id into view and focuses it once it is on the page (a dashboard link to
 * one game or practice). `ready` turns true when the list it is in has loaded.
 */
export function useHighlight(elementId: string | null, ready: boolean): void {
  useEffect(() => {
    if (!elementId || !ready) return;
    const element = document.getElementById(elementId);
    if (!element) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [elementId, ready]);
}
