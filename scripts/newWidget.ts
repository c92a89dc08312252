/**
 * `npx tsx scripts/newWidget.ts <name> --about "<what it is>" [--signed-in] [--no-page] [--root <folder>]`:
 * the mechanical part of adding a widget (docs/architecture.md, "Adding a widget"). `<name>` is its
 * kebab-case name (`loan-summary`). It writes
 * - the widget's folder `src/features/<feature>` (camelCase): slice, saga, component, feature, entry;
 * - its catalog row in src/platform/widgetCatalog.ts (a page at `/loanmanager/<name>/` unless `--no-page`),
 *   to refine by hand;
 * - its line in docs/embedding.md's table of widget names (`--about` is the text);
 * - the tables that follow from the catalog (scripts/widgetTables.ts: registry, features, message parts),
 * and prints what is left by hand: the texts in the two language files. `--root` is the project to
 * write into (the checkout by default). scripts/newWidget.test.ts runs it on a copy of the project,
 * then the typecheck, the catalog's tests and the loader's size, so the recipe cannot drift.
 */
import fs from 'node:fs';
import path from 'node:path';
import { camel, writeWidgetTables } from './widgetTables';

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
import { useAppDispatch, useAppSelector } from '../../state/hooks';
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
    [`${feature}Widget.feature.ts`]: `import type { Feature } from '../../state/feature';
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

function writeWidget(name: string, folder: string): string[] {
  fs.mkdirSync(folder, { recursive: true });
  return Object.entries(widgetFiles(name)).map(([file, text]) => {
    const target = path.join(folder, file);
    fs.writeFileSync(target, text);
    return target;
  });
}

interface RowOptions {
  /** a page of the standalone portal at /loanmanager/<name>/ (default true) */
  page?: boolean;
  /** the page is for signed-in borrowers only */
  signedIn?: boolean;
}

const CATALOG_END = '} as const satisfies Record<string, CatalogRow>;';

/** The widget's row, added at the end of the catalog in `root`. */
function writeCatalogRow(name: string, root: string, { page = true, signedIn = false }: RowOptions = {}): string {
  const feature = camel(name);
  const file = path.join(root, 'src/platform/widgetCatalog.ts');
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(CATALOG_END)) throw new Error(`${file}: no "${CATALOG_END}" to add the row before`);
  const pageField = page ? `\n    page: { path: '${name}', titleId: 'portal.title.${feature}', signedIn: ${signedIn} },` : '';
  const row = `  '${name}': {\n    chunkGroup: 'widget-${name}',\n    messagesNamespace: '${feature}',\n    slices: ['${feature}'],${pageField}\n  },\n`;
  fs.writeFileSync(file, text.replace(CATALOG_END, `${row}${CATALOG_END}`));
  return file;
}

const PORTAL_NAME_ROW = '| `portal` |';

/** The widget's line in docs/embedding.md's table of names (before the portal's, the table's last). */
function writeEmbeddingRow(name: string, about: string, root: string): string {
  const file = path.join(root, 'docs/embedding.md');
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(PORTAL_NAME_ROW)) throw new Error(`${file}: no "${PORTAL_NAME_ROW}" line to add the widget's before`);
  fs.writeFileSync(file, text.replace(PORTAL_NAME_ROW, `| \`${name}\` | ${about.replace(/\|/g, '\\|')} |\n${PORTAL_NAME_ROW}`));
  return file;
}

/** What is left by hand: the texts. */
function nextSteps(name: string, page: boolean): string {
  const feature = camel(name);
  return [
    'then, by hand, in both src/platform/i18n/locales/en.json and es.json:',
    ...(page ? [`  "portal.title.${feature}": the page's title`] : []),
    `  "${feature}.…": the widget's texts`,
    'and refine its row in src/platform/widgetCatalog.ts (then `npm run widgets` if you change its chunk group or namespace).',
  ].join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const [name] = args;
  const about = option('--about');
  if (!name || !/^[a-z]+(-[a-z]+)*$/.test(name) || !about) {
    console.error('usage: npx tsx scripts/newWidget.ts <kebab-case-name> --about "<what it is>" [--signed-in] [--no-page] [--root <folder>]');
    process.exit(1);
  }
  const root = path.resolve(option('--root') ?? path.resolve(__dirname, '..'));
  const page = !args.includes('--no-page');
  const written = [
    ...writeWidget(name, path.join(root, 'src/features', camel(name))),
    writeCatalogRow(name, root, { page, signedIn: args.includes('--signed-in') }),
    writeEmbeddingRow(name, about, root),
  ];
  for (const file of written) console.log(`wrote ${path.relative(root, file)}`);
  writeWidgetTables(root)
    .then((tables) => {
      for (const file of tables) console.log(`wrote ${file}`);
      console.log(`\n${nextSteps(name, page)}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
