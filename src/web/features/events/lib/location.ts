import { hashParams } from '../../../../shared/tabs.ts';

// Where in the Team Events tab the hash points: '#tournaments?section=games&gameId=4' or
// '#tournaments?tournamentId=7&gameId=12'. The dashboard's links and the screen's own navigation both
// go through here, so a link and a reload open the same place.

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

function idParam(params: URLSearchParams, name: string): number | null {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function readEventsLocation(hash: string): EventsLocation {
  const params = hashParams(hash);
  const tournamentId = idParam(params, 'tournamentId');
  const section = params.get('section');
  return {
    section:
      tournamentId !== null
        ? 'tournaments'
        : (EVENT_SECTIONS as readonly string[]).includes(section ?? '')
          ? (section as EventSection)
          : 'tournaments',
    tournamentId,
    gameId: idParam(params, 'gameId'),
    practiceId: idParam(params, 'practiceId'),
    addTournament: params.get('add') === 'tournament',
  };
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
