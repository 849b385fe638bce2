import fs from 'node:fs';
import drizzle from 'eslint-plugin-drizzle';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Which folder may import which, one rule per concern (docs/decisions/038): every boundary is a zone of
// import-x/no-restricted-paths, whose zones are checked on the resolved file, so a path spelled another
// way ('../../features/x/..', '../x/..') cannot slip past a pattern. They live in ONE config object: a
// second object setting the same rule for the same files would silently replace these options.
const dir = (name) => (fs.existsSync(name) ? fs.readdirSync(name) : []);

// Web features may not import each other (bulletproof-react): what two features share lives in
// src/web/components, src/web/lib or src/shared, and src/web/app composes the features. The arrows
// point one way: app -> features -> components and lib.
const webFeatures = dir('src/web/features');
const webZones = [
  {
    target: './src/web',
    from: './src/server',
    message: 'The web app talks to the server only over HTTP.',
  },
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Features must not import each other; move shared code to components/, lib/ or src/shared.',
  })),
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'The app composes the features; a feature never imports the app.',
  },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/app'],
    message: 'components/ and lib/ serve every feature: they import no feature and not the app.',
  },
];

// src/shared is the pure rules and schemas both sides use: it imports nothing of this repository
// outside itself (and no Node built-in: see no-nodejs-modules below).
const sharedZones = [
  {
    target: './src/shared',
    from: '.',
    except: ['./src/shared', './node_modules'],
    message: 'src/shared stays pure: it imports only src/shared and packages.',
  },
];

// Server features form layers (docs/decisions/012): each may import only the features below it, and
// never another feature's routes or services (those are wired once, in src/server/services.ts and
// app.ts). Joining reaches the roster only through roster/linking.ts. Layers, lowest first.
// The same lists as each server feature's `uses` (src/server/features/<name>/feature.ts): this file is plain
// JavaScript that Node 20 loads without TypeScript, so it keeps its own copy, and
// tests/unit/server-features.test.ts fails when the two differ.
export const SERVER_LAYERS = {
  config: [],
  health: [],
  auth: [],
  teams: ['auth'],
  invites: ['auth', 'teams'],
  roster: ['auth', 'teams', 'invites'],
  joining: ['auth', 'teams', 'invites', 'roster', 'notifications'],
  moderators: ['auth', 'teams'],
  kits: ['auth', 'teams'],
  push: ['auth'],
  notifications: ['auth'],
  events: ['auth', 'teams', 'notifications'],
  rsvp: ['auth', 'teams', 'invites', 'roster', 'notifications'],
  polls: ['auth', 'teams', 'invites', 'roster', 'notifications'],
  calendar: ['auth', 'teams', 'invites', 'roster', 'events'],
  announcements: ['auth', 'teams', 'events', 'notifications'],
  conversations: ['auth', 'teams', 'notifications'],
  live: ['auth', 'teams'],
  documents: ['auth', 'teams', 'notifications'],
};
const serverFeatures = dir('src/server/features');
const serverZones = [
  {
    target: './src/server',
    from: './src/web',
    message: 'The server serves the built web app as files; it never imports its code.',
  },
  ...serverFeatures.flatMap((feature) => {
    const below = SERVER_LAYERS[feature] ?? [];
    const others = serverFeatures.filter((other) => other !== feature);
    return [
      {
        target: `./src/server/features/${feature}`,
        from: './src/server/features',
        except: [`./${feature}`, ...below.map((other) => `./${other}`)],
        message: `${feature} sits below the feature it imports (or beside it): it may import only ${below.join(', ') || 'no other feature'}.`,
      },
      // A feature below may be used, but not its routes or services.
      ...others.map((other) => ({
        target: `./src/server/features/${feature}`,
        from: [`./src/server/features/${other}/*routes*`, `./src/server/features/${other}/*service*`],
        message: "Another feature's routes and services are wired in src/server/services.ts and app.ts.",
      })),
    ];
  }),
  {
    target: './src/server/features/joining',
    from: './src/server/features/roster/queries*',
    message: 'Joining reaches the roster through roster/linking.ts.',
  },
];

// A phone never builds a schema it does not use (docs/decisions/053). A read checks its answer in
// development and tests only, written so that the built app drops the schema; a schema built at a
// module's top level goes through defineSchema, which lets the bundler leave out the unused ones. One
// 'no-restricted-syntax' per file set: a later block's setting replaces an earlier one's.
const answerCheckInDevelopment = {
  selector:
    "CallExpression[callee.name='apiRequest'] > ObjectExpression > Property[key.name='schema']:not([value.type='ConditionalExpression'][value.test.property.name='DEV'][value.alternate.name='undefined'])",
  message: "Check answers in development only: 'schema: import.meta.env.DEV ? x : undefined'.",
};
const topLevelSchema =
  "VariableDeclarator > :matches(CallExpression, TSAsExpression).init:not([callee.name='defineSchema']):has(MemberExpression[object.name='z'])";
const schemaThroughDefineSchema = {
  selector: `Program > VariableDeclaration > ${topLevelSchema}, Program > ExportNamedDeclaration > VariableDeclaration > ${topLevelSchema}`,
  message: 'Build a top-level schema with defineSchema(() => ...).',
};

// One permission vocabulary (issue 18, docs/decisions/038 'Capabilities'): what someone may do is a named
// capability of src/shared/permissions.ts, asked with requireCapability / hasCapability on the server and
// useCan / accountCan on the web. Outside the modules that own the rule (src/shared/permissions.ts and
// roles.ts, src/web/lib/permissions.ts, src/server/features/teams/access.ts) these are refused: a role
// (or anything, a variable holding a role included) compared with a role's name ('coach', 'admin',
// 'parent', 'player'); a list holding one, written where it is asked, asked whether it includes
// something; any list asked whether it includes a `.role`; a switch on a `.role` or with a role's name
// as a case; isCoachLike; reading is_coach / isCoach. A role that picks people or makes a family link
// (the is_mine rule, the child-safe rule, a join request's link) says so in an eslint-disable comment
// with its reason; a label is ROLE_LABELS[role].
const PERMISSION_BY_NAME =
  'Decide permissions by a named capability (src/shared/permissions.ts), not by role.';
const ROLE_NAME = '/^(coach|admin|parent|player)$/';
const permissionsByName = [
  { selector: "CallExpression[callee.name='isCoachLike']", message: PERMISSION_BY_NAME },
  { selector: 'MemberExpression[property.name=/^(is_coach|isCoach)$/]', message: PERMISSION_BY_NAME },
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.value=${ROLE_NAME}], [right.value=${ROLE_NAME}])`,
    message: PERMISSION_BY_NAME,
  },
  {
    // someRoles.includes(user.role), [...].includes(member.role)
    selector:
      "CallExpression[callee.property.name='includes'] > MemberExpression.arguments[property.name='role']",
    message: PERMISSION_BY_NAME,
  },
  {
    // ['coach', 'admin'].includes(r) (as const, or a new Set's has), whatever r holds
    selector: `CallExpression[callee.property.name=/^(includes|has)$/] > MemberExpression.callee > :matches(ArrayExpression, TSAsExpression, NewExpression).object:has(Literal[value=${ROLE_NAME}])`,
    message: PERMISSION_BY_NAME,
  },
  { selector: "SwitchStatement[discriminant.property.name='role']", message: PERMISSION_BY_NAME },
  { selector: `SwitchCase[test.value=${ROLE_NAME}]`, message: PERMISSION_BY_NAME },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      // Made by the tests (a PGlite worker compiled per run), not sources.
      '.cache/**',
      // The browser tests' servers' data and the releases the offline-release test serves (built files).
      '.e2e-data/**',
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
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-syntax': ['error', schemaThroughDefineSchema, ...permissionsByName],
    },
  },
  {
    // The shared modules that own the rules: roles and what each grants (this setting replaces the one
    // above for these files).
    files: ['src/shared/permissions.ts', 'src/shared/roles.ts'],
    rules: { 'no-restricted-syntax': ['error', schemaThroughDefineSchema] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        answerCheckInDevelopment,
        schemaThroughDefineSchema,
        ...permissionsByName,
      ],
    },
  },
  {
    // The web's one place that reads a team's is_coach (useCan, canWithoutFlags): the same rule without
    // the permission selectors (this setting replaces the one above for this file).
    files: ['src/web/lib/permissions.ts'],
    rules: {
      'no-restricted-syntax': ['error', answerCheckInDevelopment, schemaThroughDefineSchema],
    },
  },
  {
    // The server's features and plugins: teams/access.ts decides the caller's standing on a team (the
    // plugins build no holder of their own: team-scope.ts loads the caller's access through it).
    files: ['src/server/features/**/*.ts', 'src/server/plugins/**/*.ts'],
    ignores: ['src/server/features/teams/access.ts'],
    rules: { 'no-restricted-syntax': ['error', ...permissionsByName] },
  },
  {
    // The boundaries above, and no import circle anywhere in src (a circle between lazy screens loads
    // them in an order nobody chose; dynamic import() counts).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // Without these, import-x reads only .js files and no-cycle sees no TypeScript import at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages are not followed: only this repository's files make a circle or cross a boundary.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...sharedZones, ...serverZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
