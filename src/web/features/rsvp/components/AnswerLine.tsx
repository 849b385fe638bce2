import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { RSVP_RESPONSES } from '../../../../shared/rsvp.ts';
import { firstName } from '../../../../shared/rsvp-reminders.ts';
import type { RsvpActions } from '../lib/use-rsvp-actions.ts';
import { QUICK_LABELS, QUICK_RSVP_TEXT } from './QuickRsvp.tsx';
import './quick-rsvp.css';

/**
 * The schedule list's answers of one event (docs/product/calendar-rsvp-and-feed.md 'Schedule list'):
 * each shown player's answer ('Mia: Going · Leo: No answer yet'), or, for a coach's whole team, the
 * counts. Nothing for an event that takes no answers. Phrasing content: it sits inside the row's button.
 */
export function AnswerLine({ event, rsvp }: { event: CalendarEvent; rsvp: RsvpActions }) {
  if (rsvp.status !== 'ready' || rsvp.shown.length === 0 || !event.rsvpEventType) return null;
  if (event.status === 'cancelled') return null;
  if (rsvp.folded) {
    const counts = { yes: 0, maybe: 0, no: 0 };
    let waiting = 0;
    for (const player of rsvp.shown) {
      const response = rsvp.answer(event, player.id)?.response;
      if (response) counts[response] += 1;
      else waiting += 1;
    }
    return (
      <span className="answer-line">
        {RSVP_RESPONSES.map((r) => `${QUICK_LABELS[r]} ${counts[r]}`).join(' · ')}
        {waiting > 0 && ` · ${waiting} no answer`}
      </span>
    );
  }
  const names = rsvp.shown.map((player) => firstName(player.name));
  const unique = new Set(names).size === names.length;
  return (
    <span className="answer-line">
      {rsvp.shown.map((player, index) => {
        const response = rsvp.answer(event, player.id)?.response;
        return (
          <span key={player.id} className="answer-line__item">
            {index > 0 && ' · '}
            {unique ? names[index] : player.name}:{' '}
            <strong className={response ? `answer-line__answer--${response}` : 'answer-line__answer--none'}>
              {response ? QUICK_LABELS[response] : QUICK_RSVP_TEXT.noAnswer}
            </strong>
          </span>
        );
      })}
    </span>
  );
}
