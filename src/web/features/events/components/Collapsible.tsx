import { useId, useState, type ReactNode } from 'react';

interface CollapsibleProps {
  title: string;
  count: number;
  defaultOpen?: boolean;
  /** The label of the button when it is not the title (Past Tournaments: 'View Results'). */
  toggleLabel?: (open: boolean) => string;
  children: ReactNode;
}

/** A titled list that opens and closes ('Upcoming Games', 'Past Games', 'Past Tournaments'). */
export function Collapsible({ title, count, defaultOpen = false, toggleLabel, children }: CollapsibleProps) {
  const bodyId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const toggle = (
    <button
      type="button"
      className={toggleLabel ? 'button button--secondary button--small' : 'disclosure'}
      aria-expanded={open}
      aria-controls={bodyId}
      onClick={() => setOpen((o) => !o)}
    >
      {toggleLabel ? (
        toggleLabel(open)
      ) : (
        <>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          {title} ({count})
        </>
      )}
    </button>
  );
  return (
    <section className="event-group">
      {toggleLabel ? (
        <div className="section-header">
          <h3 className="section-title">
            {title} ({count})
          </h3>
          {toggle}
        </div>
      ) : (
        <h3 className="section-title">{toggle}</h3>
      )}
      <div id={bodyId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
