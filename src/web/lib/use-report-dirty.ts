import { useEffect } from 'react';

/**
 * Tells the dialog around a form whether it holds unsaved input, so closing the dialog can ask first;
 * a form that goes away (another tab of the dialog) holds none.
 */
export function useReportDirty(dirty: boolean, onDirtyChange: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}
