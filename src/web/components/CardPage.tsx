import type { ReactNode } from 'react';
import { useClubName } from '../lib/public-config.ts';
import { BrandMark } from './BrandMark.tsx';

interface CardPageProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * A page of its own, centred in a card under the club's name: the sign-in and password screens, and the
 * pages a link from an email opens without signing in (an RSVP answer).
 */
export function CardPage({ title, intro, children }: CardPageProps) {
  const clubName = useClubName();
  return (
    <div className="auth-page">
      <main className="auth-card" id="main">
        <p className="auth-card__brand">
          <BrandMark />
          <span>{clubName || 'Team Manager'}</span>
        </p>
        <h1 className="auth-card__title">{title}</h1>
        {intro && <p className="auth-card__intro">{intro}</p>}
        {children}
      </main>
    </div>
  );
}
