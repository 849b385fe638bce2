import type { ReactNode } from 'react';

interface AlertProps {
  /** error: role=alert, announced at once; success and info: role=status, announced politely. */
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}

export function Alert({ tone, children, id }: AlertProps) {
  return (
    <div id={id} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="alert__icon" aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div className="alert__text">{children}</div>
    </div>
  );
}
