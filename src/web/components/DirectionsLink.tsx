import { directionsUrl } from '../../shared/event-links.ts';

/**
 * An event's address as a link to directions in the phone's maps (docs/product/events.md 'Event
 * details'), in a new tab: the day sheet and the Team Events lists show it alike.
 */
export function DirectionsLink({ address }: { address: string }) {
  return (
    <a className="directions-link" href={directionsUrl(address)} target="_blank" rel="noopener noreferrer">
      {address}
      <span className="visually-hidden"> (directions, opens in a new tab)</span>
    </a>
  );
}
