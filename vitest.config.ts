import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Four workers, where vitest's default (one fewer than the cores) gave a 2-core machine one: most
    // files spend much of their time waiting (on a database's thread or server, a child process, a
    // server's 20 s timers), and the others use the cores meanwhile (decision 044). Not more: each
    // worker's apps hold PostgreSQL connections, of which the server allows 100.
    maxWorkers: 4,
    // Transformed modules kept between runs, named by their content and the config (decision 044).
    experimental: { fsModuleCache: true, fsModuleCachePath: '.cache/vitest-modules' },
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
          setupFiles: ['tests/support/one-query-per-connection.ts'],
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
          // Screens rendered in happy-dom took up to 2.8 s each beside three other workers on a busy
          // 2-core machine (decision 044): vitest's 5 s was too close.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
