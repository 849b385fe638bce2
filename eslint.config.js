import fs from 'node:fs';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Features may not import each other (bulletproof-react): what two features share lives in
// src/web/components, src/web/lib or src/shared, and src/web/app composes the features.
const webFeatures = fs.existsSync('src/web/features') ? fs.readdirSync('src/web/features') : [];
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: webFeatures
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [`**/features/${other}`, `**/features/${other}/**`, `../../${other}/**`, `../${other}/**`],
            message:
              'Features must not import each other; move shared code to components/, lib/ or src/shared.',
          })),
      },
    ],
  },
}));

// Server features form layers (docs/decisions/012): each may import only the features below it, and
// never another feature's routes or services (those are wired once, in src/server/services.ts and
// app.ts). Joining reaches the roster only through roster/linking.ts. Layers, lowest first.
const SERVER_LAYERS = {
  config: [],
  health: [],
  auth: [],
  teams: ['auth'],
  invites: ['auth', 'teams'],
  roster: ['auth', 'teams', 'invites'],
  joining: ['auth', 'teams', 'invites', 'roster'],
  moderators: ['auth', 'teams'],
  kits: ['auth', 'teams'],
  events: ['auth', 'teams'],
  rsvp: ['auth', 'teams', 'invites', 'roster'],
  polls: ['auth', 'teams', 'invites', 'roster'],
  calendar: ['auth', 'teams', 'invites', 'roster', 'events'],
  announcements: ['auth', 'teams', 'events'],
  conversations: ['auth', 'teams'],
  live: ['auth', 'teams'],
  documents: ['auth', 'teams'],
};
const serverFeatures = fs.existsSync('src/server/features') ? fs.readdirSync('src/server/features') : [];
const serverLayering = serverFeatures.map((feature) => {
  const below = SERVER_LAYERS[feature] ?? [];
  const others = serverFeatures.filter((other) => other !== feature);
  return {
    files: [`src/server/features/${feature}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...others
              .filter((other) => !below.includes(other))
              .map((other) => ({
                group: [`../${other}/**`, `**/features/${other}/**`],
                message: `${feature} sits below ${other} (or beside it): it may import only ${below.join(', ') || 'no other feature'}.`,
              })),
            {
              group: ['../*/routes*', '../*/*service*'],
              message:
                "Another feature's routes and services are wired in src/server/services.ts and app.ts.",
            },
            ...(feature === 'joining'
              ? [
                  {
                    group: ['../roster/queries*'],
                    message: 'Joining reaches the roster through roster/linking.ts.',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    // Type-aware rules for what grows costly with the code: a promise nobody awaits (a write that fails
    // silently), a promise where a callback is expected, a switch that misses a new case.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.web.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // An update or delete without a where touches every row of the table: an error unless a comment
    // says why it is meant. `db` and `tx` are the names our code gives the database handle.
    files: ['src/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'src/shared stays pure.' }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'The web app talks to the server only over HTTP.' }],
        },
      ],
    },
  },
  ...featureBoundaries,
  ...serverLayering,
);
