import { useEffect, useState } from 'react';

/**
 * The time of this render, with a render at least every `everyMs` while the page is open, for what
 * changes with the clock (an event that starts closes its RSVPs): a screen left open at the pitch
 * catches up within that.
 */
export function useNow(everyMs = 30_000): Date {
  const [, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return new Date();
}
