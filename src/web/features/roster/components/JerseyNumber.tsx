import type { Player } from '../../../../shared/api/roster.ts';
import { jerseyText } from './player-display.ts';

/** The jersey number in a circle; a dash (read as 'No number') without one. */
export function JerseyNumber({ player }: { player: Pick<Player, 'jersey_number'> }) {
  const text = jerseyText(player);
  return (
    <span className="jersey">
      {text || (
        <>
          <span aria-hidden="true">–</span>
          {/* A label on a plain span is prohibited (axe aria-prohibited-attr): hidden text reads instead. */}
          <span className="visually-hidden">No number</span>
        </>
      )}
    </span>
  );
}
