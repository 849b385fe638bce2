import type { TabId } from '../../shared/tabs.ts';
import type { TabScreenContext } from '../lib/web-feature.ts';
import { tabHeading, TABS } from './registry.tsx';

interface TabContentProps extends Omit<TabScreenContext, 'heading'> {
  tab: TabId;
}

/** The main area of the active tab, from the tab registry. */
export function TabContent({ tab, ...context }: TabContentProps) {
  const heading = tabHeading(tab, context.user);
  const { screen } = TABS[tab];
  return screen ? screen({ ...context, heading }) : <h1 className="page-title">{heading}</h1>;
}
