import { useCallback, useEffect, useState } from 'react';

/**
 * How long a Copy button reads 'Copied!' (docs/product/teams-and-joining.md 'Team details and settings':
 * 2 s).
 */
export const COPIED_CONFIRMATION_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard; the state reads 'copied' for two seconds after each copy. */
export function useCopy(): [CopyState, (text: string) => Promise<void>] {
  const [state, setState] = useState<CopyState>('idle');
  const [copies, setCopies] = useState(0);

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state, copies]);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      setCopies((n) => n + 1);
    } catch {
      // No clipboard (an insecure page, or permission refused): the code stays on screen to copy by hand.
      setState('failed');
    }
  }, []);

  return [state, copy];
}
