import type { ReactNode } from 'react';

export type TagTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

interface TagProps {
  tone?: TagTone;
  children: ReactNode;
}

/** A small label such as 'Primary' or a status; the text carries the meaning, the colour only helps. */
export function Tag({ tone = 'neutral', children }: TagProps) {
  return <span className={`tag tag--${tone}`}>{children}</span>;
}
