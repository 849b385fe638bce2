import { useId, useState } from 'react';
import type { JoinRequest } from '../../../../shared/api/joining.ts';
import { PastRequestItem } from './PastRequestItem.tsx';

interface PastRequestsProps {
  requests: readonly JoinRequest[];
  timeZone: string;
}

/** 'Past Requests': the approved and rejected requests, collapsed until asked for. */
export function PastRequests({ requests, timeZone }: PastRequestsProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="past-requests">
      <h3 className="section-title">
        <button
          type="button"
          className="disclosure"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="disclosure__arrow" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          Past Requests ({requests.length})
        </button>
      </h3>
      <div id={listId} hidden={!open}>
        {requests.length === 0 ? (
          <p className="muted">No past requests.</p>
        ) : (
          <ul className="request-list" role="list">
            {requests.map((request) => (
              <PastRequestItem key={request.id} request={request} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
