import { useId, useState, type ReactNode } from 'react';
import { monthOpenByDefault, type MonthGroup } from '../lib/months.ts';
import './month-groups.css';

interface MonthGroupsProps<T> {
  groups: readonly MonthGroup<T>[];
  /** 'YYYY-MM' today, in the team's time zone. */
  currentMonth: string;
  /** Months open as well (the month of an item a link brings into view). */
  alsoOpen?: readonly string[];
  /** Every month open (a search's matches are all shown). */
  allOpen?: boolean;
  children: (items: T[], group: MonthGroup<T>) => ReactNode;
}

/**
 * A long list as one disclosure per month, 'December 2026 (8)': the current month open, the others folded
 * until tapped (docs/decisions/051-long-lists.md).
 */
export function MonthGroups<T>({
  groups,
  currentMonth,
  alsoOpen = [],
  allOpen = false,
  children,
}: MonthGroupsProps<T>) {
  const baseId = useId();
  // What the person toggled, against the default: months appearing later (a new practice, a search
  // widening) still open or fold by the rule.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const openMonth = monthOpenByDefault(groups, currentMonth);
  const isOpen = (month: string) =>
    (allOpen || month === openMonth || alsoOpen.includes(month)) !== toggled.has(month);
  const toggle = (month: string) =>
    setToggled((previous) => {
      const next = new Set(previous);
      if (next.has(month)) next.delete(month);
      else next.add(month);
      return next;
    });

  return (
    <div className="month-groups">
      {groups.map((group, index) => {
        const open = isOpen(group.month);
        const bodyId = `${baseId}-${index}`;
        return (
          <div key={group.month} className="month-group">
            <button
              type="button"
              className="disclosure month-group__toggle"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => toggle(group.month)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
              {group.label} ({group.items.length})
            </button>
            <div id={bodyId} hidden={!open}>
              {open && children(group.items, group)}
            </div>
          </div>
        );
      })}
    </div>
  );
}
