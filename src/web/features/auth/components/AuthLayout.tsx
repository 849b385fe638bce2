import type { ReactNode } from 'react';
import { useClubName } from '../../../lib/public-config.ts';
import { BrandMark } from '../../../components/BrandMark.tsx';

interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The centred card of the sign-in, forgot-password and reset-password screens. */
export function AuthLayout({ title, intro, children }: AuthLayoutProps) {
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
