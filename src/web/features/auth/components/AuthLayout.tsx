import type { ReactNode } from 'react';
import { CardPage } from '../../../components/CardPage.tsx';

interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The centred card of the sign-in, forgot-password and reset-password screens. */
export function AuthLayout({ title, intro, children }: AuthLayoutProps) {
  return (
    <CardPage title={title} intro={intro}>
      {children}
    </CardPage>
  );
}
