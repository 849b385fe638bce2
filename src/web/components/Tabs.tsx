import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Shown after the label, e.g. a count Badge. */
  badge?: ReactNode;
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<T>[];
  active: T;
  onSelect: (id: T) => void;
  /** Every panel stays mounted (hidden when inactive), so forms keep what was typed. */
  renderPanel: (id: T) => ReactNode;
  /**
   * For many tabs: each keeps its label on one line, and on a narrow screen they wrap onto further rows,
   * so every tab stays in view (a strip scrolled sideways hid the last ones on phones).
   */
  wrap?: boolean;
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i + n - 1) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** The ARIA tabs pattern: one tab stop, arrow keys, Home and End move between tabs. */
export function Tabs<T extends string>({
  label,
  tabs,
  active,
  onSelect,
  renderPanel,
  wrap = false,
}: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());

  const select = (id: T) => {
    onSelect(id);
    tabRefs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.id === active);
    const tab = tabs[move(index, tabs.length)];
    if (tab) select(tab.id);
  };

  return (
    <div className="tabs">
      <div
        className={`tabs__list${wrap ? ' tabs__list--wrap' : ''}`}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
            {tab.badge}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={active !== tab.id}
          className="tabs__panel"
        >
          {renderPanel(tab.id)}
        </div>
      ))}
    </div>
  );
}
