import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The layers (docs/architecture.md), from the bottom up; a layer imports only the layers below it:
 *   src/platform < shared code, itself in order: src/lib (pure rules) < src/api (RTK Query) <
 *   src/state (the store's shared parts) < src/sagas | src/components (side by side: neither imports
 *   the other) < src/features < src/app (store assembly) < src/firstView (server rendering and
 *   hydration: the page store, src/firstView/README.md) < src/widgets < src/pages < the entries
 *   (src/main.ts, src/ssrEntry.tsx).
 * src/testing (test support) is for tests only.
 */
const PLATFORM = './src/platform';
/** Shared code, its steps from the bottom up; folders in one step stand side by side and never import each other. */
const SHARED_STEPS = [['lib'], ['api'], ['state'], ['sagas', 'components']].map((step) => step.map((name) => `./src/${name}`));
const SHARED = SHARED_STEPS.flat();
const FEATURES = './src/features';
const APP = './src/app';
const FIRST_VIEW = './src/firstView';
const WIDGETS = './src/widgets';
const PAGES = './src/pages';
const TESTING = './src/testing';
/** The entries: the browser's loader, and the server render (webpack.config.ts). */
const MAIN = ['./src/main.ts', './src/ssrEntry.tsx'];

/** Every feature folder, read from the disk: a new feature is fenced off from the others at once. */
const FEATURE_NAMES = fs
  .readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature never imports another feature (compose them in a widget or page). */
const featureFences = FEATURE_NAMES.map((name) => ({
  target: `${FEATURES}/${name}`,
  from: FEATURES,
  except: [`./${name}`],
  message: 'A feature never imports another feature: compose them in a widget or a page.',
}));

/** The order inside shared code (lib < api < state < sagas | components): a folder imports only the steps below its own. */
const sharedOrder = SHARED_STEPS.flatMap((step, i) =>
  step.map((target) => {
    const below = [PLATFORM, ...SHARED_STEPS.slice(0, i).flat()].map((folder) => folder.slice(2));
    const from = [...step.filter((other) => other !== target), ...SHARED_STEPS.slice(i + 1).flat()];
    return { target, from, message: `${target.slice(2)} imports only ${below.join(', ')} and itself (docs/architecture.md).` };
  }),
);

/**
 * What each layer must not import. Tests keep to the same layers, except that any test may
 * also use src/app (a real store: `makeStore`) and src/testing (renderWithProviders, mockApi).
 */
function layerZones({ forTests }) {
  const testing = forTests ? [] : [TESTING];
  const harness = forTests ? [] : [APP, TESTING];
  return [
    {
      target: PLATFORM,
      from: forTests ? [...SHARED, FEATURES, FIRST_VIEW, WIDGETS, PAGES, ...MAIN] : './src',
      ...(forTests ? {} : { except: ['./platform'] }),
      message: 'src/platform imports nothing of ours above it.',
    },
    {
      target: SHARED,
      from: [FEATURES, FIRST_VIEW, WIDGETS, PAGES, ...MAIN, ...harness],
      message: 'Shared code (lib, api, state, sagas, components) imports only src/platform and shared code below it.',
    },
    ...sharedOrder,
    ...featureFences,
    {
      target: FEATURES,
      from: [FIRST_VIEW, WIDGETS, PAGES, ...MAIN, ...harness],
      message: 'Features import src/platform and shared code only (the typed hooks are in src/state/hooks.ts).',
    },
    { target: APP, from: [FIRST_VIEW, WIDGETS, PAGES, ...MAIN, ...testing], message: 'src/app assembles the store; widgets and pages use it.' },
    {
      target: FIRST_VIEW,
      from: [WIDGETS, PAGES, ...MAIN, ...testing],
      message: 'src/firstView makes the page store and hydrates: it imports the store assembly and below, never widgets or pages.',
    },
    { target: WIDGETS, from: [PAGES, ...MAIN, ...testing], message: 'Widgets never import pages.' },
    { target: PAGES, from: [...MAIN, ...testing], message: 'Only the entries (src/main.ts, src/ssrEntry.tsx) are above the pages.' },
  ];
}

/** What the server may import of src/ (`more`: a file's own additions). */
function serverZone(more) {
  const except = ['./platform', './lib', './api/schemas.ts', ...more];
  return { target: './server', from: './src', except, message: `The server imports only these of src/: ${except.join(', ')}.` };
}

/** Tests and what only tests use. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'src/testing/**', 'src/app/recorder/recorderTestKit.tsx'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', 'coverage/**', 'e2e/artifacts/**', 'bench/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Without a resolver that knows TypeScript, import-x resolves nothing of ours and
      // no-restricted-paths / no-cycle silently pass everything (scripts/lint.test.ts proves they bite).
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones({ forTests: false }) }],
      // Value and dynamic imports; type-only imports are counted by scripts/importGraph.test.ts.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks from src/state/hooks.ts.',
            },
            { name: 'antd', importNames: ['message', 'notification'], message: 'Snackbar messages live in the store.' },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones({ forTests: true }) }] },
  },
  {
    // The server imports src/platform, src/lib (pure rules: validation, portal addresses) and the API contract it shares with the client.
    files: ['server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [serverZone([])] }] },
  },
  {
    // The kept pages' tests, and the reset page's with its check, draw them as the build's render does: with the render's own entry.
    files: ['server/test/pageCache.test.ts', 'server/test/keptSignedIn.test.ts', 'server/test/resetPage.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [serverZone(['./ssrEntry.tsx'])] }] },
  },
  {
    files: ['src/state/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // src/lib is pure rules, which the server imports too: no React, no store, no sagas, no antd.
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', '@reduxjs/*', 'redux-saga', 'redux-saga/*', 'antd', 'antd/*', '@ant-design/*'],
              message: 'src/lib holds pure rules: React goes to src/components, store parts to src/state, sagas to src/sagas.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
