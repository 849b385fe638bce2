import { useEffect, useRef, type ReactNode } from 'react';

interface AlertProps {
  /** error: role=alert, announced at once; success and info: role=status, announced politely. */
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}

export function Alert({ tone, children, id }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  const text = typeof children === 'string' ? children : undefined;
  // A problem appears where the user is looking: a phone scrolled down to the submit button is brought
  // back to the message at the top of the form.
  useEffect(() => {
    if (tone === 'error') ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [tone, text]);
  return (
    <div ref={ref} id={id} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="alert__icon" aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div className="alert__text">{children}</div>
    </div>
  );
}
