import type { ReactNode } from 'react';

interface GuideSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

export function GuideSection({ id, title, children }: GuideSectionProps) {
  return (
    <section id={id} className="card guide-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
