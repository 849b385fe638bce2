import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // isolate: false (docs/decisions/033): the files of a worker share one process and its imported
      // modules, rather than each importing the app again (about 3 s of CPU a file); every file makes
      // its own apps and databases and closes them.
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/setup.ts'],
        },
      },
    ],
  },
});
