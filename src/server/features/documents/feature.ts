import { defineFeature } from '../../feature-module.ts';
import { documentRoutes } from './routes.ts';
import { createDocumentService } from './service.ts';

export const documentsFeature = defineFeature({
  name: 'documents',
  uses: ['auth', 'teams', 'notifications'],
  services: ({ db, blobs, config, log }) => ({
    documents: createDocumentService({
      db,
      blobs,
      uploadsPerHour: config.UPLOAD_LIMIT_PER_USER_PER_HOUR,
      ...(log ? { log } : {}),
    }),
  }),
  routes: (group) => [group('signedIn', '/documents', documentRoutes, ({ documents }) => ({ documents }))],
});
