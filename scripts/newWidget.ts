/**
 * `npx tsx scripts/newWidget.ts <name> [--into <folder>]`: writes the files of a new widget's folder
 * (docs/architecture.md, "Adding a widget", step 1) and prints the catalog row and the two lines the
 * compiler asks for next. `<name>` is the widget's kebab-case name (`loan-summary`); the folder is
 * `src/features/<feature>` (camelCase) unless `--into` says otherwise. scripts/newWidget.test.ts runs it
 * into a temporary folder and typechecks and lints the result, so the recipe cannot drift.
 */
import fs from 'node:fs';
import path from 'node:path';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^./, (letter) => letter.toUpperCase());

/** The files of the widget's folder, by file name. */
function widgetFiles(name: string): Record<string, string> {
  const feature = camel(name);
  const Name = pascal(name);
  const State = `${Name}State`;
  return {
    [`${feature}Slice.ts`]: `import { createSlice } from '@reduxjs/toolkit';

export interface ${State} {
  status: 'idle' | 'started';
}

const initialState: ${State} = { status: 'idle' };

export const ${feature}Slice = createSlice({
  name: '${feature}',
  initialState,
  reducers: {
    started(state) {
      state.status = 'started';
    },
  },
});

export const ${feature}Actions = ${feature}Slice.actions;

export const select${Name}Status = (state: { ${feature}: ${State} }) => state.${feature}.status;
`,
    [`${feature}Saga.ts`]: `import { takeLeading } from 'redux-saga/effects';
import { ${feature}Actions } from './${feature}Slice';

function* onStarted() {
  // the flow: yield put(api.endpoints.x.initiate(arg)), unwrap, unsubscribe in finally
}

export function* ${feature}Saga() {
  yield takeLeading(${feature}Actions.started.type, onStarted);
}
`,
    [`${Name}Widget.tsx`]: `import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { ${feature}Actions, select${Name}Status } from './${feature}Slice';

export default function ${Name}Widget() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(select${Name}Status);
  useEffect(() => {
    dispatch(${feature}Actions.started());
  }, [dispatch]);
  return <section data-status={status} />;
}
`,
    [`${feature}Widget.feature.ts`]: `import type { Feature } from '../../lib/feature';
import { ${feature}Slice } from './${feature}Slice';

export const feature = {
  name: '${name}',
  slices: [${feature}Slice],
  sagas: () => import(/* webpackChunkName: "flows-${name}" */ './${feature}Saga').then((module) => [module.${feature}Saga]),
} satisfies Feature;
`,
    [`${feature}Widget.entry.ts`]: `export { feature } from './${feature}Widget.feature';
export { default } from './${Name}Widget';
`,
  };
}

/** What to add outside the folder: the catalog row, then the two lines the compiler asks for. */
function nextSteps(name: string): string {
  const feature = camel(name);
  return [
    `src/platform/widgetCatalog.ts:  '${name}': { chunkGroup: 'widget-${name}', catalogNamespace: '${feature}', slices: ['${feature}'], page: { path: '${name}', titleId: 'portal.title.${feature}', signedIn: false } },`,
    `src/widgets/registry.ts:        '${name}': () => withPageFeature(import(/* webpackChunkName: "widget-${name}" */ '../features/${feature}/${feature}Widget.entry'), '${feature}'),`,
    `src/app/featureOfWidget.ts:     '${name}': withSagas(<the feature>, ${feature}Saga)`,
  ].join('\n');
}

export function writeWidget(name: string, folder: string): string[] {
  fs.mkdirSync(folder, { recursive: true });
  return Object.entries(widgetFiles(name)).map(([file, text]) => {
    const target = path.join(folder, file);
    fs.writeFileSync(target, text);
    return target;
  });
}

if (require.main === module) {
  const [name, flag, into] = process.argv.slice(2);
  if (!name || !/^[a-z]+(-[a-z]+)*$/.test(name)) {
    console.error('usage: npx tsx scripts/newWidget.ts <kebab-case-name> [--into <folder>]');
    process.exit(1);
  }
  const folder = flag === '--into' && into ? into : path.resolve(__dirname, '../src/features', camel(name));
  for (const file of writeWidget(name, folder)) console.log(`wrote ${path.relative(process.cwd(), file)}`);
  console.log(`\nthen add:\n${nextSteps(name)}`);
}
