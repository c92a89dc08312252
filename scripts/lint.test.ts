/**
 * The layering lint bites (docs/architecture.md, "Rules"): probe files, linted as if they were
 * at the path given, with the project's own eslint.config.mjs. Each forbidden import must fail
 * with the rule named, and the allowed imports must lint clean, so this test fails both ways:
 * without a TypeScript resolver import-x resolves nothing and every forbidden probe passes.
 *
 * ESLint loads its flat config with a dynamic import(), which jest's module sandbox refuses
 * (it would need --experimental-vm-modules), so ESLint's Node API runs in a child Node process.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface Probe {
  /** Where the probe is placed, virtually (the file need not exist). */
  filePath: string;
  code: string;
}

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** ESLint's `new ESLint()` + `lintText(code, { filePath })`, for every probe, in one child process. */
const RUNNER = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const probe of JSON.parse(input)) {
  const [result] = await eslint.lintText(probe.code, { filePath: probe.filePath });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
`;

function lintProbes(probes: Probe[]): LintMessage[][] {
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', RUNNER], {
    cwd: ROOT,
    input: JSON.stringify(probes.map((probe) => ({ ...probe, filePath: path.join(ROOT, probe.filePath) }))),
    encoding: 'utf8',
    timeout: 180_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`eslint did not run (${child.status ?? child.signal}): ${child.stderr}`);
  return JSON.parse(child.stdout) as LintMessage[][];
}

const PROBES = {
  featureToFeature: {
    filePath: 'src/features/login/probe.ts',
    code: "import { goGreenSlice } from '../goGreen/goGreenSlice';\nexport const probe = goGreenSlice;\n",
  },
  featureToFeatureTypeOnly: {
    filePath: 'src/features/login/probe.ts',
    code: "import type { GoGreenState } from '../goGreen/goGreenSlice';\nexport type Probe = GoGreenState;\n",
  },
  featureToFeatureDynamic: {
    filePath: 'src/features/login/probe.ts',
    code: "export const probe = () => import('../goGreen/goGreenSaga');\n",
  },
  featureToApp: {
    filePath: 'src/features/login/probe.ts',
    code: "import { makeStore } from '../../app/fullStore';\nexport const probe = makeStore;\n",
  },
  // an entry adding its own feature to the page store, as src/widgets/entries once did: the loader does it
  entryToApp: {
    filePath: 'src/features/login/loginWidget.entry.ts',
    code: "import { addPageFeature } from '../../firstView/pageStore';\nexport const probe = addPageFeature;\n",
  },
  // the store assembly reaching up into the first view's page store
  appToFirstView: {
    filePath: 'src/app/probe.ts',
    code: "import { makePageStore } from '../firstView/pageStore';\nexport const probe = makePageStore;\n",
  },
  // the first view reaching up into the widgets
  firstViewToWidgets: {
    filePath: 'src/firstView/probe.ts',
    code: "import { WidgetShell } from '../widgets/WidgetShell';\nexport const probe = WidgetShell;\n",
  },
  sharedToApp: {
    filePath: 'src/state/forms/probe.ts',
    code: "import type { RootState } from '../../app/rootReducer';\nexport type Probe = RootState;\n",
  },
  sharedToFeature: {
    filePath: 'src/components/Probe.tsx',
    code: "import { loginForm } from '../features/login/loginSlice';\nexport const probe = loginForm;\n",
  },
  // the order inside shared code: lib < api < state < sagas | components
  libToApi: {
    filePath: 'src/lib/probe.ts',
    code: "import { api } from '../api/baseApi';\nexport const probe = api;\n",
  },
  apiToState: {
    filePath: 'src/api/probe.ts',
    code: "import type { FormState } from '../state/forms/createFormSlice';\nexport type Probe = FormState<object>;\n",
  },
  stateToComponents: {
    filePath: 'src/state/probe.ts',
    code: "import { Dialog } from '../components/Dialog/Dialog';\nexport const probe = Dialog;\n",
  },
  componentsToSagas: {
    filePath: 'src/components/Probe.tsx',
    code: "import { withReauth } from '../sagas/reauthFlow';\nexport const probe = withReauth;\n",
  },
  sagasToComponents: {
    filePath: 'src/sagas/probe.ts',
    code: "import { PortalLink } from '../components/PortalLink';\nexport const probe = PortalLink;\n",
  },
  libToReact: {
    filePath: 'src/lib/probe.ts',
    code: "import { useState } from 'react';\nexport const probe = useState;\n",
  },
  widgetsToPages: {
    filePath: 'src/widgets/probe.ts',
    code: "export const probe = () => import('../pages/PortalApp');\n",
  },
  platformToApi: {
    filePath: 'src/platform/probe.ts',
    code: "import { api } from '../api/baseApi';\nexport const probe = api;\n",
  },
  serverToApp: {
    filePath: 'server/probe.ts',
    code: "import { makeStore } from '../src/app/fullStore';\nexport const probe = makeStore;\n",
  },
  // redaction.ts as if it imported errorReporting.ts, which imports redaction.ts
  cycle: {
    filePath: 'src/platform/redaction.ts',
    code: "import { createErrorReporter } from './errorReporting';\nexport const probe = createErrorReporter;\n",
  },
  allowed: {
    filePath: 'src/features/login/probe.ts',
    code: [
      "import { accountApi } from '../../api/accountApi';",
      "import { AccountCard } from '../../components/FormFields/FormLayout';",
      "import { useFormSubmit } from '../../state/forms/useFormField';",
      "import { useAppSelector } from '../../state/hooks';",
      "import { startIfValid } from '../../sagas/submissionFlow';",
      "import { MESSAGES } from '../../lib/validation/messages';",
      "import { getDependencies } from '../../platform/dependencies';",
      "import { loginForm } from './loginSlice';",
      'export const probe = [accountApi, AccountCard, useFormSubmit, useAppSelector, startIfValid, MESSAGES, getDependencies, loginForm];',
      '',
    ].join('\n'),
  },
  // a widget's entry: the Feature type from src/state, its own slice, saga and widget
  allowedEntry: {
    filePath: 'src/features/login/loginWidget.entry.ts',
    code: [
      "import type { Feature } from '../../state/feature';",
      "import { loginSlice } from './loginSlice';",
      "export const feature = { name: 'login', slices: [loginSlice], sagas: () => import('./loginSaga').then((module) => [module.loginSaga]) } satisfies Feature;",
      "export { default } from './LoginWidget';",
      '',
    ].join('\n'),
  },
  allowedInATest: {
    filePath: 'src/features/login/probe.test.ts',
    code: [
      "import { makeStore } from '../../app/fullStore';",
      "import { renderWithProviders } from '../../testing/renderWithProviders';",
      "import { loginForm } from './loginSlice';",
      'export const probe = [makeStore, renderWithProviders, loginForm];',
      '',
    ].join('\n'),
  },
} satisfies Record<string, Probe>;

type ProbeName = keyof typeof PROBES;

let results: Record<ProbeName, LintMessage[]>;

beforeAll(() => {
  const names = Object.keys(PROBES) as ProbeName[];
  const messages = lintProbes(names.map((name) => PROBES[name]));
  results = Object.fromEntries(names.map((name, i) => [name, messages[i] ?? []])) as Record<ProbeName, LintMessage[]>;
  // more than the server project's 120 s: ESLint's type-aware resolver builds the whole project's program first
}, 200_000);

const rulesOf = (name: ProbeName) => results[name].map((message) => message.ruleId);

describe('the layering lint', () => {
  it.each<[string, ProbeName]>([
    ['a feature importing another feature', 'featureToFeature'],
    ["a feature importing another feature's types", 'featureToFeatureTypeOnly'],
    ['a feature loading another feature on demand', 'featureToFeatureDynamic'],
    ['a feature importing src/app', 'featureToApp'],
    ["a widget's entry importing src/firstView (the page store)", 'entryToApp'],
    ['src/app importing src/firstView', 'appToFirstView'],
    ['src/firstView importing src/widgets', 'firstViewToWidgets'],
    ['shared code importing src/app', 'sharedToApp'],
    ['shared code importing a feature', 'sharedToFeature'],
    ['src/lib importing src/api', 'libToApi'],
    ['src/api importing src/state', 'apiToState'],
    ['src/state importing src/components', 'stateToComponents'],
    ['a shared component importing a shared saga', 'componentsToSagas'],
    ['a shared saga importing a component', 'sagasToComponents'],
    ['a widget importing a page', 'widgetsToPages'],
    ['src/platform importing src/api', 'platformToApi'],
    ['the server importing src/app', 'serverToApp'],
  ])('refuses %s (import-x/no-restricted-paths)', (_label, name) => {
    expect(rulesOf(name)).toContain('import-x/no-restricted-paths');
  });

  it('refuses React in src/lib, the pure rules (no-restricted-imports)', () => {
    expect(rulesOf('libToReact')).toContain('no-restricted-imports');
  });

  it('refuses an import circle (import-x/no-cycle)', () => {
    expect(rulesOf('cycle')).toContain('import-x/no-cycle');
  });

  it('lets a feature import src/platform, shared code and itself', () => {
    expect(results.allowed).toEqual([]);
  });

  it("lets a widget's entry name its Feature type (src/state) and its own slice, saga and widget", () => {
    expect(results.allowedEntry).toEqual([]);
  });

  it("lets a feature's test use the full store and the test helpers", () => {
    expect(results.allowedInATest).toEqual([]);
  });
});
