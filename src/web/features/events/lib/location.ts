import { EVENT_SECTIONS, type EventSection, type EventsLocation } from '../../../../shared/event-links.ts';
import { hashParams } from '../../../../shared/tabs.ts';

// Where in the Team Events tab the hash points: '#tournaments?section=games&gameId=4' or
// '#tournaments?tournamentId=7&gameId=12'. The dashboard's links and the screen's own navigation both
// go through here, so a link and a reload open the same place.

export {
  EVENT_SECTIONS,
  type EventSection,
  type EventsLocation,
  eventsHash,
} from '../../../../shared/event-links.ts';

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
