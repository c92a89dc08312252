/**
 * Page weight: which chunks each page loads on first load (from webpack's stats: the loader
 * entrypoint + the widget-runtime chunk group + the widget's chunk group, incl. split vendor
 * chunks), what those bytes are (source maps attribute each minified byte to its source file,
 * hence to react / antd / redux / own / other), and the floor page for each: react-dom plus the
 * same antd components, built with the same config.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Configuration, StatsCompilation, StatsModule } from 'webpack';
import ts from 'typescript';
import { buildApp, buildPages, tempDir, type Build } from './build';
import { CATEGORIES, classifySource, ROOT, type Category } from './categories';
import { splitBySource, type RawSourceMap } from './sourceMap';
import { pageChunkGroups } from '../../server/pages/preload';
import { PORTAL_PAGES } from '../../src/platform/widgetCatalog';

export const LOADER_GROUP = 'loanmanager-widgets';
export const RUNTIME_GROUP = 'widget-runtime';

export interface PageDef {
  /** e.g. '/loanmanager/register/' or 'embed:registration' */
  page: string;
  /** the registry widget it shows */
  widget: string;
  /** chunk groups loaded on first load, in order */
  groups: string[];
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface AssetWeight extends Sizes {
  file: string;
  byCategory: Record<Category, Sizes>;
  byPackage: Map<string, Sizes & { category: Category }>;
}

export interface PageWeight extends Sizes {
  def: PageDef;
  files: string[];
  js: Sizes;
  css: Sizes;
  byCategory: Record<Category, Sizes>;
  byPackage: Map<string, Sizes & { category: Category }>;
  antdImports: ImportSet;
  floor?: Sizes & { entry: string };
}

const zero = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0 });
const addTo = (target: Sizes, s: Sizes) => {
  target.raw += s.raw;
  target.gzip += s.gzip;
  target.brotli += s.brotli;
};
const emptyByCategory = () => Object.fromEntries(CATEGORIES.map((c) => [c, zero()])) as Record<Category, Sizes>;

export function gzipSize(data: string | Buffer): number {
  return zlib.gzipSync(data, { level: 9 }).length;
}
export function brotliSize(data: string | Buffer): number {
  return zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data),
    },
  }).length;
}
export function sizesOf(data: string | Buffer): Sizes {
  return { raw: Buffer.byteLength(data), gzip: gzipSize(data), brotli: brotliSize(data) };
}

// ---------------------------------------------------------------------------------------------
// pages

/** The portal's routes (path -> widget), from the widget catalog (the QA tool page has no widget). */
export function portalRoutes(): { path: string; widget: string; flows: readonly string[] }[] {
  return PORTAL_PAGES.flatMap((page) =>
    page.widget ? [{ path: page.path.replace(/\/\*$/, '/…'), widget: page.widget, flows: page.flowsOfFirstView ?? [] }] : [],
  );
}

/**
 * Every page: each portal route (portal + its widget), the signed-in pages (popups), each widget
 * embedded alone; the chunk groups as the reference server preloads them (server/pages/preload.ts).
 */
export function pageDefs(stats: StatsCompilation): PageDef[] {
  const groups = Object.keys(stats.namedChunkGroups ?? {});
  const widgets = groups.filter((g) => g.startsWith('widget-') && g !== RUNTIME_GROUP).map((g) => g.slice(7));
  const defs: PageDef[] = [];
  // every page of the catalog is weighed: a page that cannot be found fails, it is not skipped
  for (const route of portalRoutes()) {
    if (!widgets.includes(route.widget)) throw new Error(`no chunk group widget-${route.widget} for /loanmanager/${route.path}/`);
    for (const group of route.flows) {
      if (!groups.includes(group)) throw new Error(`no chunk group ${group} (the flowsOfFirstView of /loanmanager/${route.path}/)`);
    }
    defs.push({
      page: `/loanmanager/${route.path}/`.replace(/\/…\/$/, '/…'),
      widget: route.widget,
      // a page whose first view waits for its flows preloads them, and counts them (verify_email)
      groups: [LOADER_GROUP, ...pageChunkGroups(`widget-${route.widget}`, { portal: true, flows: route.flows })],
    });
  }
  if (widgets.includes('popups')) {
    defs.push({ page: '/loanmanager/main/ (popups)', widget: 'popups', groups: [LOADER_GROUP, ...pageChunkGroups('widget-popups', { portal: false })] });
  }
  for (const widget of widgets) {
    if (widget === 'popups') continue; // the main page above is exactly this
    defs.push({ page: `embed:${widget}`, widget, groups: [LOADER_GROUP, ...pageChunkGroups(`widget-${widget}`, { portal: false })] });
  }
  return defs;
}

export function chunkIdsOf(stats: StatsCompilation, groups: string[]): Set<string | number> {
  const ids = new Set<string | number>();
  for (const name of groups) {
    const group = stats.namedChunkGroups?.[name];
    if (!group) throw new Error(`no chunk group "${name}" in the build`);
    for (const id of group.chunks ?? []) ids.add(id);
  }
  return ids;
}

export function filesOf(stats: StatsCompilation, chunkIds: Set<string | number>): string[] {
  const files = new Set<string>();
  for (const chunk of stats.chunks ?? []) {
    if (chunk.id === undefined || !chunkIds.has(chunk.id)) continue;
    for (const file of chunk.files ?? []) if (/\.(js|css)$/.test(file)) files.add(file);
  }
  return [...files].sort();
}

// ---------------------------------------------------------------------------------------------
// own modules and their antd imports

function flatModules(stats: StatsCompilation): { resource: string; chunks: (string | number)[] }[] {
  const out: { resource: string; chunks: (string | number)[] }[] = [];
  const visit = (module: StatsModule, inherited: (string | number)[]) => {
    const chunks = module.chunks && module.chunks.length > 0 ? module.chunks : inherited;
    const resource = module.nameForCondition;
    if (resource) out.push({ resource, chunks });
    for (const nested of module.modules ?? []) visit(nested, chunks);
  };
  for (const module of stats.modules ?? []) visit(module, []);
  return out;
}

/** specifier -> imported names ('default' and '*' for default and namespace imports) */
export type ImportSet = Map<string, Set<string>>;

const isAntdSpecifier = (s: string) => s === 'antd' || s.startsWith('antd/') || s.startsWith('@ant-design/');

/**
 * Our components that draw what an antd component draws, without its code: the floor of a page
 * that has one still counts the antd component, so the page is weighed against antd doing the
 * same job (issue 8's floor is "react-dom + the same antd components"). Without this, dropping a
 * heavy antd component would lower the floor by exactly what it lowers the page.
 */
export const ANTD_STAND_INS: Readonly<Record<string, readonly string[]>> = {
  // antd's Card brings its Tabs (for `tabList`) and with them Menu, Dropdown and Overflow
  'src/components/AccountCard.tsx': ['Card'],
  // antd's Typography brings its editable and copyable parts: Input, TextArea, Tooltip, Trigger
  'src/components/Typography/Typography.tsx': ['Typography'],
};

export function antdImportsOf(file: string, into: ImportSet = new Map(), root = ROOT): ImportSet {
  const standIn = ANTD_STAND_INS[path.relative(root, file).split(path.sep).join('/')];
  if (standIn) {
    const names = into.get('antd') ?? new Set<string>();
    for (const name of standIn) names.add(name);
    into.set('antd', names);
  }
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!isAntdSpecifier(specifier) || !clause || clause.isTypeOnly) continue;
    const names = into.get(specifier) ?? new Set<string>();
    if (clause.name) names.add('default');
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add('*');
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      }
    }
    if (names.size > 0) into.set(specifier, names);
  }
  return into;
}

function ownModulesIn(stats: StatsCompilation, chunkIds: Set<string | number>, root = ROOT): string[] {
  const src = path.join(root, 'src') + path.sep;
  const files = new Set<string>();
  for (const { resource, chunks } of flatModules(stats)) {
    if (resource.startsWith(src) && /\.tsx?$/.test(resource) && chunks.some((c) => chunkIds.has(c))) {
      files.add(resource);
    }
  }
  return [...files].sort();
}

export function importSetKey(set: ImportSet): string {
  return [...set.keys()]
    .sort()
    .map((s) => `${s}{${[...(set.get(s) ?? [])].sort().join(',')}}`)
    .join(' ');
}

/** The floor page's source: react-dom rendering just these antd imports. */
export function floorSource(set: ImportSet): string {
  const imports: string[] = [];
  const used: string[] = [];
  let n = 0;
  for (const specifier of [...set.keys()].sort()) {
    const names = [...(set.get(specifier) ?? [])].sort();
    const named = names.filter((x) => x !== 'default' && x !== '*').map((x) => `${x} as I${n++}`);
    const local = named.map((x) => x.split(' as ')[1] as string);
    if (names.includes('default')) {
      imports.push(`import I${n} from '${specifier}';`);
      used.push(`I${n++}`);
    }
    if (names.includes('*')) {
      imports.push(`import * as I${n} from '${specifier}';`);
      used.push(`I${n++}`);
    }
    if (named.length > 0) imports.push(`import { ${named.join(', ')} } from '${specifier}';`);
    used.push(...local);
  }
  return `// Generated by bench/lib/weight.ts: react-dom + exactly the antd imports of one page.
import { Component, type ElementType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
${imports.join('\n')}

const used: unknown[] = [${used.join(', ')}];
const isComponent = (value: unknown): value is ElementType =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
class Guard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
const element = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(element).render(<>{used.map((C, i) => (isComponent(C) ? <Guard key={i}><C /></Guard> : null))}</>);
(window as unknown as { floorExports: unknown[] }).floorExports = used;
`;
}

// ---------------------------------------------------------------------------------------------
// bytes

const assetCache = new Map<string, AssetWeight>();

export function weighAsset(outDir: string, file: string): AssetWeight {
  const full = path.join(outDir, file);
  const cached = assetCache.get(full);
  if (cached) return cached;
  const code = fs.readFileSync(full, 'utf8');
  const total = sizesOf(code);
  const byCategory = emptyByCategory();
  const byPackage = new Map<string, Sizes & { category: Category }>();
  let parts: Map<string, string>;
  const mapFile = `${full}.map`;
  if (fs.existsSync(mapFile)) {
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap;
    parts = splitBySource(code, map, (i) => {
      const { category, pkg } = classifySource(i < 0 ? null : (map.sources[i] ?? null));
      return `${category}\t${pkg}`;
    });
  } else {
    parts = new Map([[`own\t(no source map: ${file})`, code]]);
  }
  // Each part compressed alone overstates its share; scale the parts to the real total.
  const alone = [...parts].map(([key, text]) => ({ key, raw: Buffer.byteLength(text), gzip: gzipSize(text), brotli: brotliSize(text) }));
  const sum = alone.reduce((acc, p) => ({ raw: acc.raw + p.raw, gzip: acc.gzip + p.gzip, brotli: acc.brotli + p.brotli }), zero());
  for (const part of alone) {
    const [category, pkg] = part.key.split('\t') as [Category, string];
    const share: Sizes = {
      raw: part.raw,
      gzip: sum.gzip ? (part.gzip / sum.gzip) * total.gzip : 0,
      brotli: sum.brotli ? (part.brotli / sum.brotli) * total.brotli : 0,
    };
    addTo(byCategory[category], share);
    const existing = byPackage.get(pkg) ?? { ...zero(), category };
    addTo(existing, share);
    byPackage.set(pkg, existing);
  }
  const weight: AssetWeight = { file, ...total, byCategory, byPackage };
  assetCache.set(full, weight);
  return weight;
}

export function weighPage(build: Build, def: PageDef): PageWeight {
  const chunkIds = chunkIdsOf(build.stats, def.groups);
  const files = filesOf(build.stats, chunkIds);
  const page: PageWeight = {
    def,
    files,
    ...zero(),
    js: zero(),
    css: zero(),
    byCategory: emptyByCategory(),
    byPackage: new Map(),
    antdImports: new Map(),
  };
  for (const file of files) {
    const asset = weighAsset(build.outDir, file);
    addTo(page, asset);
    addTo(file.endsWith('.css') ? page.css : page.js, asset);
    for (const c of CATEGORIES) addTo(page.byCategory[c], asset.byCategory[c]);
    for (const [pkg, s] of asset.byPackage) {
      const existing = page.byPackage.get(pkg) ?? { ...zero(), category: s.category };
      addTo(existing, s);
      page.byPackage.set(pkg, existing);
    }
  }
  for (const file of ownModulesIn(build.stats, chunkIds, build.context)) antdImportsOf(file, page.antdImports, build.context);
  return page;
}

export interface WeightReport {
  pages: PageWeight[];
  loader: Sizes & { file: string };
  appDir: string;
  floorDir: string;
  floorStats: StatsCompilation;
}

/** Builds the app and the floors (production, temp folders) and weighs every page. */
export interface MeasureOptions {
  /** changes to the derived webpack config (bench/proposals.ts) */
  tweak?: (config: Configuration) => void;
  /** build from this copy of the project instead of the checkout (bench/proposals.ts) */
  context?: string;
  /** build and weigh the floors (default true) */
  floors?: boolean;
}

export async function measureWeight(log: (line: string) => void = () => {}, options: MeasureOptions = {}): Promise<WeightReport> {
  log('building the app (production)…');
  const app = await buildApp(undefined, options.tweak, options.context);
  const pages = pageDefs(app.stats).map((def) => weighPage(app, def));
  const loaderFiles = filesOf(app.stats, chunkIdsOf(app.stats, [LOADER_GROUP]));
  const loaderFile = loaderFiles.find((f) => f.endsWith('.js')) ?? 'loanmanager-widgets.js';
  const loaderWeight = weighAsset(app.outDir, loaderFile);
  const loader = { file: loaderFile, raw: loaderWeight.raw, gzip: loaderWeight.gzip, brotli: loaderWeight.brotli };
  if (options.floors === false) return { pages, loader, appDir: app.outDir, floorDir: '', floorStats: {} };
  const floor = await weighFloors(pages, log);
  return { pages, loader, appDir: app.outDir, floorDir: floor.outDir, floorStats: floor.stats };
}

/** Builds one floor page per distinct set of antd imports among `pages` and sets each page's `floor`. */
export async function weighFloors(pages: PageWeight[], log: (line: string) => void = () => {}): Promise<Build> {
  const sourceDir = tempDir('floor-src');
  const entries: Record<string, string> = {};
  const entryOfKey = new Map<string, string>();
  for (const page of pages) {
    const key = importSetKey(page.antdImports);
    let entry = entryOfKey.get(key);
    if (!entry) {
      entry = `floor-${page.def.widget}${entryOfKey.size ? `-${entryOfKey.size}` : ''}`;
      entryOfKey.set(key, entry);
      const file = path.join(sourceDir, `${entry}.tsx`);
      fs.writeFileSync(file, floorSource(page.antdImports));
      entries[entry] = file;
    }
  }
  log(`building ${Object.keys(entries).length} floor pages…`);
  const floor = await buildPages(entries);
  for (const page of pages) {
    const entry = entryOfKey.get(importSetKey(page.antdImports)) as string;
    const files = filesOf(floor.stats, chunkIdsOf(floor.stats, [entry]));
    const sizes = zero();
    for (const file of files) addTo(sizes, weighAsset(floor.outDir, file));
    page.floor = { entry, ...sizes };
  }
  return floor;
}
