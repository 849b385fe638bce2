import { useEffect } from 'react';
import { pageTitle } from '../../shared/display.ts';
import { useClubName } from '../lib/public-config.ts';

/** Sets document.title to the screen's title followed by the club's name. */
export function usePageTitle(title: string): void {
  const clubName = useClubName();
  useEffect(() => {
    document.title = pageTitle(title, clubName);
  }, [title, clubName]);
}
