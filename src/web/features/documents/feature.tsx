import { lazyScreen } from '../../components/LazyScreen.tsx';
import type { WebFeature } from '../../lib/web-feature.ts';

// Team Documents (issue 11): the list, upload with progress, edit and delete.
const DocumentsPage = lazyScreen(() => import('./components/DocumentsPage.tsx').then((m) => m.DocumentsPage));

// The documents' part of the app (registered in src/web/app/registry.ts): the Documents tab.
export const documentsFeature: WebFeature = {
  tabs: {
    documents: {
      icon: 'document',
      preload: DocumentsPage.preload,
      screen: (c) => (
        <DocumentsPage title={c.heading} team={c.selectedTeam} teams={c.teams} loading={!c.teamsLoaded} />
      ),
    },
  },
};
