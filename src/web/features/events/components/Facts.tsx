import type { ReactNode } from 'react';

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

/** The Google Maps search for an address, in a new tab. */
export function mapUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function MapLink({ address, label = 'View on Map' }: { address: string; label?: string }) {
  return (
    <a
      className="button button--secondary button--small"
      href={mapUrl(address)}
      target="_blank"
      rel="noopener noreferrer"
    >
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
