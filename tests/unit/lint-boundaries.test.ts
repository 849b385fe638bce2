import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js (docs/decisions/038), each tried with a probe: a file's text
// linted as if it stood at `filePath` in the tree, importing a real file of the repository (zones are
// checked on the resolved file, so the import must resolve). Each boundary is refused, and the import
// the same boundary allows passes, so a zone that matches nothing cannot pass unnoticed.

interface Probe {
  name: string;
  filePath: string;
  source: string;
}

const refused: Probe[] = [
  {
    name: 'a web feature importing server code',
    filePath: 'src/web/features/polls/components/Probe.tsx',
    source: "import { POLL_ROUTES } from '../../../../server/features/polls/routes.ts';\n",
  },
  {
    name: 'a web feature importing server code by a longer path',
    filePath: 'src/web/features/polls/components/Probe.tsx',
    source: "import { x } from '../../../../web/../server/features/polls/routes.ts';\n",
  },
  {
    name: 'the web app shell importing server code',
    filePath: 'src/web/app/Probe.tsx',
    source: "import { x } from '../../server/config.ts';\n",
  },
  {
    name: 'a web feature importing another web feature',
    filePath: 'src/web/features/polls/components/Probe.tsx',
    source: "import { x } from '../../announcements/api/keys.ts';\n",
  },
  {
    name: 'a web feature importing another feature through the features folder',
    filePath: 'src/web/features/polls/api/Probe.ts',
    source: "import { x } from '../../../features/roster/api/keys.ts';\n",
  },
  {
    name: 'a web feature importing the app that composes it',
    filePath: 'src/web/features/polls/components/Probe.tsx',
    source: "import { x } from '../../../app/registry.tsx';\n",
  },
  {
    name: 'web lib importing a feature',
    filePath: 'src/web/lib/probe.ts',
    source: "import { x } from '../features/polls/api/keys.ts';\n",
  },
  {
    name: 'src/shared importing the server',
    filePath: 'src/shared/probe.ts',
    source: "import { x } from '../server/config.ts';\n",
  },
  {
    name: 'src/shared importing the web app',
    filePath: 'src/shared/probe.ts',
    source: "import { x } from '../web/lib/query-client.ts';\n",
  },
  {
    name: 'src/shared importing a script outside src',
    filePath: 'src/shared/api/probe.ts',
    source: "import { x } from '../../../scripts/check-bundle-budget.ts';\n",
  },
  {
    name: 'src/shared importing a Node built-in',
    filePath: 'src/shared/probe.ts',
    source: "import fs from 'node:fs';\nexport const probe = fs;\n",
  },
  {
    name: 'a server feature importing a feature above it',
    filePath: 'src/server/features/teams/probe.ts',
    source: "import { x } from '../roster/queries.ts';\n",
  },
  {
    name: 'a server feature importing a feature beside it',
    filePath: 'src/server/features/kits/probe.ts',
    source: "import { x } from '../events/queries.ts';\n",
  },
  {
    name: 'a server feature importing the routes of a feature below it',
    filePath: 'src/server/features/roster/probe.ts',
    source: "import { x } from '../teams/routes.ts';\n",
  },
  {
    name: 'a server feature importing the service of a feature below it',
    filePath: 'src/server/features/roster/probe.ts',
    source: "import { x } from '../teams/service.ts';\n",
  },
  {
    name: "joining reaching the roster's queries instead of roster/linking.ts",
    filePath: 'src/server/features/joining/probe.ts',
    source: "import { x } from '../roster/queries.ts';\n",
  },
  {
    name: 'the server importing web code',
    filePath: 'src/server/probe.ts',
    source: "import { x } from '../web/lib/query-client.ts';\n",
  },
];

const allowed: Probe[] = [
  {
    name: 'a web feature importing its own files, components, lib and shared',
    filePath: 'src/web/features/polls/components/Probe.tsx',
    source: [
      "import { pollKeys } from '../api/keys.ts';",
      "import { Badge } from '../../../components/Badge.tsx';",
      "import { queryKeys } from '../../../lib/query-client.ts';",
      "import { POLL_LIMITS } from '../../../../shared/polls.ts';",
      'export const probe = [pollKeys, Badge, queryKeys, POLL_LIMITS];',
      '',
    ].join('\n'),
  },
  {
    name: 'the app importing features',
    filePath: 'src/web/app/Probe.tsx',
    source: "import { pollKeys } from '../features/polls/api/keys.ts';\nexport const probe = pollKeys;\n",
  },
  {
    name: 'src/shared importing src/shared and a package',
    filePath: 'src/shared/probe.ts',
    source:
      "import { z } from 'zod';\nimport { ROLES } from './roles.ts';\nexport const probe = [z, ROLES];\n",
  },
  {
    name: 'a server feature importing a feature below it (not its routes or service)',
    filePath: 'src/server/features/roster/probe.ts',
    source: "import { x } from '../teams/access.ts';\nexport const probe = x;\n",
  },
  {
    name: 'joining importing roster/linking.ts',
    filePath: 'src/server/features/joining/probe.ts',
    source: "import { x } from '../roster/linking.ts';\nexport const probe = x;\n",
  },
];

// Only the import rules, without type information (which takes seconds to build and they do not need).
const eslint = new ESLint({
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  overrideConfig: { languageOptions: { parserOptions: { project: false } } },
});

async function lint(probe: Probe): Promise<string[]> {
  const [result] = await eslint.lintText(probe.source, { filePath: probe.filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('lint boundaries', () => {
  it.each(refused)('refuses $name', async (probe) => {
    const messages = await lint(probe);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^import-x\/no-(restricted-paths|nodejs-modules): /);
  });

  it.each(allowed)('allows $name', async (probe) => {
    expect(await lint(probe)).toEqual([]);
  });

  it('refuses an import circle, a lazy import() included', async () => {
    // Modal.tsx imports DiscardChangesDialog.tsx; a DiscardChangesDialog importing Modal closes a circle.
    const [result] = await eslint.lintText(
      "import { Modal } from './Modal.tsx';\nexport const probe = () => import('./Modal.tsx').then(() => Modal);\n",
      { filePath: 'src/web/components/DiscardChangesDialog.tsx' },
    );
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
}, 120_000);
