import type { ReactNode } from 'react';
import { directionsUrl } from '../../../../shared/event-links.ts';

/** A short list of label: value facts; blank values are left out. */
export function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="event-facts">
      {shown.map(([label, value]) => (
        <div key={label} className="event-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Directions to the address in the phone's maps (shared/event-links.ts), in a new tab. */
export function MapLink({ address, label = 'Directions' }: { address: string; label?: string }) {
  return (
    <a
      className="button button--secondary button--small"
      href={directionsUrl(address)}
      target="_blank"
      rel="noopener noreferrer"
    >
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
