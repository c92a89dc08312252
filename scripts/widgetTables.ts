/**
 * `npm run widgets`: writes the three tables that follow from the widget catalog
 * (src/platform/widgetCatalog.ts), so a new widget edits by hand only its folder, its row and the
 * two language files (docs/architecture.md, "Adding a widget"):
 * - src/widgets/registry.ts, one loader per row (webpack reads the chunk names from literal comments);
 * - src/app/featureOfWidget.ts, one feature per row with its saga, for the full store;
 * - src/platform/i18n/widgetMessages.ts, one part of the messages per namespace and language.
 * They are checked in and type-checked like any source; scripts/widgetTables.test.ts fails when one
 * is stale. The conventions they rely on: a row's folder is `src/features/<messagesNamespace>`, its
 * entry and feature modules `<camelName>Widget.entry.ts` and `<camelName>Widget.feature.ts`, its saga
 * `<messagesNamespace>Saga` in `<messagesNamespace>Saga.ts` (what scripts/newWidget.ts writes).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogRow } from '../src/platform/widgetCatalog';

export const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Namespaces of the messages that are no catalog row's: the standalone portal's (src/pages). */
const OTHER_NAMESPACES = ['portal'];

const GENERATED = 'Written by scripts/widgetTables.ts from the catalog (`npm run widgets`): do not edit by hand.';

const key = (name: string) => (/^[a-z]\w*$/i.test(name) ? name : `'${name}'`);

type Catalog = Readonly<Record<string, CatalogRow>>;

function registry(catalog: Catalog): string {
  const loaders = Object.entries(catalog).map(
    ([name, row]) =>
      `  ${key(name)}: () =>\n    withPageFeature(import(/* webpackChunkName: "${row.chunkGroup}" */ '../features/${row.messagesNamespace}/${camel(name)}Widget.entry'), '${row.messagesNamespace}'),`,
  );
  return `/**
 * The loader of every widget of the catalog (src/platform/widgetCatalog.ts), by name. Each is a
 * separate chunk named after the row's \`chunkGroup\`: a page downloads only the widgets it holds,
 * and with each widget only its own feature (slice, saga, endpoints). Each loads the widget's
 * entry module (\`src/features/<feature>/<name>Widget.entry.ts\`: its \`feature\` and its component)
 * and adds the feature to the page store (withPageFeature.ts) before handing the widget over. Typed by the catalog's names: a row without a loader, or a
 * loader without a row, does not compile. webpack reads the chunk names from the literal comments,
 * so they are spelled out here; registry.test.ts checks them against the catalog.
 * With the entry, in parallel, the widget's part of the catalog in the page's language: its
 * namespace (src/platform/i18n/widgetMessages.ts).
 * The standalone portal (\`portal\`, src/pages) is placed the same way; it sits above the widgets,
 * so the loader's entry (src/main.ts) adds it to these.
 * ${GENERATED}
 */
import type { ComponentType } from 'react';
import type { WidgetName } from '../platform/widgetCatalog';
import { withPageFeature } from './withPageFeature';

type WidgetModule = { default: ComponentType };

export type WidgetLoader = () => Promise<WidgetModule>;

/** What the loader mounts: the catalog's widgets plus what the entry adds (the portal). */
export type WidgetRegistry = Record<string, WidgetLoader>;

export const widgetRegistry: Readonly<Record<WidgetName, WidgetLoader>> = {
${loaders.join('\n')}
};
`;
}

function featureOfWidget(catalog: Catalog): string {
  const imports = new Map<string, string>();
  const rows = Object.entries(catalog).map(([name, row]) => {
    const folder = `../features/${row.messagesNamespace}`;
    imports.set(`${folder}/${camel(name)}Widget.feature`, `feature as ${camel(name)}`);
    imports.set(`${folder}/${row.messagesNamespace}Saga`, `${row.messagesNamespace}Saga`);
    return `  ${key(name)}: withSagas(${camel(name)}, ${row.messagesNamespace}Saga),`;
  });
  return `/**
 * Every widget's feature, in the root reducer's order, with its sagas at hand: the full store
 * (tests, QA recording, replay) injects them all and starts their sagas at once, and the root
 * reducer (rootReducer.ts) is built from their slices. Each feature comes from its widget's feature
 * module (src/features/<feature>/<name>Widget.feature.ts, without the components), plus its saga imported here eagerly. A page
 * imports only its widgets' entries (src/widgets/registry.ts), whose sagas download after the
 * first view; never this.
 * ${GENERATED}
 */
${[...imports.keys()]
  .sort()
  .map((module) => `import { ${imports.get(module)} } from '${module}';`)
  .join('\n')}
import type { Feature, FeatureSaga, FeatureWithSagas } from '../state/feature';
import type { WidgetName } from '../platform/widgetCatalog';

/** The entry's feature with its sagas at hand; its slices keep their own types (RootState is built from them). */
interface WithSagas<S extends Feature['slices']> extends FeatureWithSagas {
  readonly slices: S;
}

const withSagas = <S extends Feature['slices']>(feature: Feature & { readonly slices: S }, ...sagas: FeatureSaga[]): WithSagas<S> => ({
  ...feature,
  sagas,
});

/**
 * One feature per widget of the catalog (src/platform/widgetCatalog.ts), in its order: a widget without its
 * feature, or a feature without a catalog row, does not compile.
 */
export const FEATURE_OF_WIDGET = {
${rows.join('\n')}
} as const satisfies Readonly<Record<WidgetName, FeatureWithSagas>>;

export const ALL_FEATURES: readonly FeatureWithSagas[] = Object.values(FEATURE_OF_WIDGET);
`;
}

function widgetMessages(catalog: Catalog): string {
  const namespaces = [...new Set([...Object.values(catalog).map((row) => row.messagesNamespace), ...OTHER_NAMESPACES])];
  const parts = namespaces.map(
    (namespace) => `  ${namespace}: {
    en: () => import('./locales/en.json?ns=${namespace}&part'),
    es: () => import('./locales/es.json?ns=${namespace}&part'),
  },`,
  );
  return `/**
 * Each part of the portal's catalog, in each language: one chunk per namespace and language
 * (\`?ns=\`, compiled at build by scripts/i18n/messagesLoader.ts). A chunk of its own, asked for
 * beside a widget's entry (src/widgets/withPageFeature.ts), so it arrives long before the widget
 * runtime; the loader itself stays without these lines. Static imports, not a template: webpack's
 * context maps cost about twice the bytes on every page. No chunk names either: the loader's
 * runtime keeps every chunk's name, and twenty names cost each page about half a kilobyte. A new
 * language's lines are demanded by the compiler (\`Record<Locale, …>\`).
 * ${GENERATED}
 */
import type { Messages } from '@lingui/core';
import type { Locale } from './locales';
import { pageLocale } from './pageLocale';

type Catalog = () => Promise<{ default: Messages }>;

const CATALOGS = {
${parts.join('\n')}
} satisfies Record<string, Record<Locale, Catalog>>;

/** A part of the catalog a widget (or the portal) downloads: its namespace, plus \`common\` and \`validation\`. */
export type MessagesNamespace = keyof typeof CATALOGS;

export const loadMessages = (namespace: MessagesNamespace) => CATALOGS[namespace][pageLocale()]();
`;
}

/** The tables' text by path (relative to `root`), as the catalog says they should be. */
export function widgetTables(catalog: Catalog): Record<string, string> {
  return {
    'src/widgets/registry.ts': registry(catalog),
    'src/app/featureOfWidget.ts': featureOfWidget(catalog),
    'src/platform/i18n/widgetMessages.ts': widgetMessages(catalog),
  };
}

/** The modules each row's tables import that are missing under `root` (a row whose folder does not follow the conventions). */
export function missingModules(catalog: Catalog, root: string): string[] {
  return Object.entries(catalog).flatMap(([name, row]) => {
    const folder = path.join(root, 'src/features', row.messagesNamespace);
    const wanted = [`${camel(name)}Widget.entry.ts`, `${camel(name)}Widget.feature.ts`, `${row.messagesNamespace}Saga.ts`];
    return wanted.filter((file) => !fs.existsSync(path.join(folder, file))).map((file) => `${name}: src/features/${row.messagesNamespace}/${file}`);
  });
}

/** Writes the tables under `root` from the catalog in `root`; returns the paths it changed. */
export async function writeWidgetTables(root: string): Promise<string[]> {
  // in a process of its own (the CLI): the catalog as the file says now
  const { WIDGET_CATALOG } = (await import(path.join(root, 'src/platform/widgetCatalog'))) as { WIDGET_CATALOG: Catalog };
  const missing = missingModules(WIDGET_CATALOG, root);
  if (missing.length) throw new Error(`the catalog names modules that are not there:\n  ${missing.join('\n  ')}`);
  return Object.entries(widgetTables(WIDGET_CATALOG)).flatMap(([relative, text]) => {
    const target = path.join(root, relative);
    if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) return [];
    fs.writeFileSync(target, text);
    return [relative];
  });
}

if (require.main === module) {
  const root = process.argv[2] ?? path.resolve(__dirname, '..');
  writeWidgetTables(root)
    .then((changed) => console.log(changed.length ? changed.map((file) => `wrote ${file}`).join('\n') : 'the widget tables are up to date'))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
