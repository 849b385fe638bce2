import { useId, useState, type ReactNode } from 'react';
import { monthsOpenByDefault, type MonthGroup } from '../lib/months.ts';
import './month-groups.css';

interface MonthGroupsProps<T> {
  /** The whole list's name ('Upcoming practices'); each month's list is named '<label>, June 2026'. */
  label: string;
  groups: readonly MonthGroup<T>[];
  /** 'YYYY-MM' today, in the team's time zone. */
  currentMonth: string;
  /** Months open as well (the month of an item a link brings into view). */
  alsoOpen?: readonly string[];
  /** Every month open (a search's matches are all shown). */
  allOpen?: boolean;
  /** One month's items; name its list `${label}, ${group.label}`. */
  children: (items: T[], group: MonthGroup<T>) => ReactNode;
}

/**
 * A list as one disclosure per month, 'December 2026 (8)': in a long list the current month open, the
 * others folded until tapped (docs/decisions/051-long-lists.md).
 */
export function MonthGroups<T>({
  label,
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
  const openMonths = monthsOpenByDefault(groups, currentMonth);
  const isOpen = (month: string) =>
    (allOpen || openMonths.has(month) || alsoOpen.includes(month)) !== toggled.has(month);
  const toggle = (month: string) =>
    setToggled((previous) => {
      const next = new Set(previous);
      if (next.has(month)) next.delete(month);
      else next.add(month);
      return next;
    });

  return (
    <div className="month-groups" role="group" aria-label={label}>
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
