import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle.ts';

interface TitledPageProps {
  title: string;
  children: ReactNode;
}

/** Gives a whole-page route its document title. */
export function TitledPage({ title, children }: TitledPageProps) {
  usePageTitle(title);
  return children;
}
