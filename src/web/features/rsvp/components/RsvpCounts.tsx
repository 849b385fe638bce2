import { Fragment } from 'react';
import { RSVP_RESPONSES, RSVP_SHORT_LABELS, type RsvpResponse } from '../../../../shared/rsvp.ts';
import { Tag, type TagTone } from '../../../components/Tag.tsx';
import './rsvp.css';

const TONES: Record<RsvpResponse, TagTone> = { yes: 'success', maybe: 'warning', no: 'danger' };

/** 'Yes 5 Maybe 1 No 2', then the total and how many have not answered (phrasing content only). */
export function RsvpCounts({
  counts,
  total,
  waiting,
}: {
  counts: Record<RsvpResponse, number>;
  total: number;
  waiting: number;
}) {
  return (
    <span className="rsvp-counts">
      {RSVP_RESPONSES.map((answer) => (
        <Fragment key={answer}>
          <Tag tone={TONES[answer]}>
            {RSVP_SHORT_LABELS[answer]} {counts[answer]}
          </Tag>{' '}
        </Fragment>
      ))}
      <span className="rsvp-counts__rest">
        <span className="rsvp-counts__total">Total {total}</span>
        {waiting > 0 && ` · ${waiting} not answered`}
      </span>
    </span>
  );
}
