// Where in the Team Events tab an address points: '#tournaments?section=games&gameId=4' or
// '#tournaments?tournamentId=7&gameId=12'. The web's links and reloads, and the links the server puts in
// notifications, are written here, so each opens the same place.

export const EVENT_SECTIONS = ['tournaments', 'games', 'practices'] as const;
export type EventSection = (typeof EVENT_SECTIONS)[number];

export interface EventsLocation {
  section: EventSection;
  tournamentId: number | null;
  /** A game (tournament or individual) or practice to bring into view. */
  gameId: number | null;
  practiceId: number | null;
  /** The dashboard's Create Tournament: open Add Tournament. */
  addTournament: boolean;
}

/** The hash of a place in the Team Events tab. */
export function eventsHash(place: Partial<EventsLocation> = {}): string {
  const params = new URLSearchParams();
  if (place.tournamentId) params.set('tournamentId', String(place.tournamentId));
  else if (place.section && place.section !== 'tournaments') params.set('section', place.section);
  if (place.gameId) params.set('gameId', String(place.gameId));
  if (place.practiceId) params.set('practiceId', String(place.practiceId));
  const query = params.toString();
  return `#tournaments${query ? `?${query}` : ''}`;
}

/**
 * Directions to an address in the phone's maps (docs/product/events.md 'Event details'; decision 046):
 * a Google Maps URL, which opens the Google Maps app on Android and on iOS when it is installed, and
 * otherwise the maps web page, which offers directions from where the phone is. A `geo:` link opens
 * nothing on iOS, and an Apple Maps link only iOS and macOS read.
 */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.trim())}`;
}
