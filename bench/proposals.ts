/**
 * `npx tsx bench/proposals.ts [variant ...]`: measures candidate changes for page weight without
 * touching webpack.config.ts or src/: each variant tweaks the derived webpack config in memory
 * and/or patches a frozen copy of src/. The floors are built once for every set of antd imports
 * the variants' pages have (the same floors as `npm run bench -- weight`), so each variant is
 * shown as its pages' ratios to their floors, gzip and brotli, beside the change in KiB.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'webpack';
import { PAGE_TO_FLOOR_GOAL } from './budgets';
import { tempDir } from './lib/build';
import { ROOT } from './lib/categories';
import { kb, table } from './lib/table';
import { measureWeight, weighFloors, type PageWeight, type WeightReport } from './lib/weight';

interface Variant {
  /** changes to the derived webpack config */
  tweak?: (config: Configuration) => void;
  /** changes to the snapshot of the project (its src/ is a copy) */
  patch?: (dir: string) => void;
}

type Optimization = NonNullable<Configuration['optimization']>;
type SplitChunks = Exclude<Optimization['splitChunks'], false | undefined>;

/** The config's own splitChunks with some options changed. */
const splitChunks = (change: (options: SplitChunks) => SplitChunks) => (config: Configuration) => {
  config.optimization = { ...config.optimization, splitChunks: change(config.optimization?.splitChunks as SplitChunks) };
};
const optimization = (options: Optimization) => (config: Configuration) => {
  config.optimization = { ...config.optimization, ...options };
};

/** Replaces `from` by `to` in one file of the snapshot (fails loudly when `from` is gone). */
const replaceIn = (file: string, from: string, to: string) => (dir: string) => {
  const full = path.join(dir, file);
  const text = fs.readFileSync(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no "${from}"`);
  fs.writeFileSync(full, text.replace(from, to));
};

/**
 * Each variant is relative to webpack.config.ts as it is. The chunking of the commit before
 * issue 8's work was 'webpack defaults' below (with every feature in the runtime's store).
 */
const VARIANTS: Record<string, Variant> = {
  'as is': {},
  'webpack defaults (splitChunks async, minSize 10 kB; exports deterministic)': {
    tweak: optimization({ splitChunks: { chunks: 'async', minSize: 10_000 }, mangleExports: 'deterministic' }),
  },
  'exports deterministic': { tweak: optimization({ mangleExports: 'deterministic' }) },
  'minSize 60 kB': { tweak: splitChunks((options) => ({ ...options, minSize: 60_000 })) },
  // the most a page can gain from fewer files: every widget carries its own copy of what it
  // shares with other widgets (a second form page in the portal downloads antd's form again)
  'widgets self-contained (no split among widgets)': {
    tweak: splitChunks((options) => ({ ...options, cacheGroups: { ...options.cacheGroups, default: false, defaultVendors: false } })),
  },
  // the shared part as one file: a deploy would invalidate React & co. with our code
  'shared part in one file': {
    tweak: splitChunks((options) => ({ ...options, cacheGroups: { ...options.cacheGroups, sharedPackages: false } })),
  },
  // fewer files by a cap instead of a large minSize: what passes the cap stays duplicated
  'minSize 10 kB, maxAsyncRequests 3': {
    tweak: splitChunks((options) => ({ ...options, minSize: 10_000, maxAsyncRequests: 3 })),
  },
  'terser ecma 2020, 3 passes': {
    tweak: optimization({
      minimizeOptions: { javascript: { ecma: 2020, compress: { passes: 3, ecma: 2020 }, format: { ecma: 2020 } } },
    } as Optimization),
  },
  // react-router 7's package "exports" only name its development build; the production build
  // ships beside it (dist/production) without dev warnings and checks.
  'react-router production build': {
    tweak: (config) => {
      config.resolve = {
        ...config.resolve,
        alias: {
          ...(config.resolve?.alias as Record<string, string> | undefined),
          'react-router$': path.join(ROOT, 'node_modules/react-router/dist/production/index.mjs'),
        },
      };
    },
  },
  // Only measures what RTK Query's react hooks module costs every page: the profile widget
  // uses a hook (useGetGoGreenStatusQuery), so this build would break it.
  'RTK Query without the react module (measure only)': {
    patch: replaceIn('src/api/baseApi.ts', "'@reduxjs/toolkit/query/react'", "'@reduxjs/toolkit/query'"),
  },
};

/** A frozen copy of src/ (others edit it while this runs), with the checkout's node_modules. */
function snapshot(): string {
  const dir = tempDir('snapshot');
  fs.cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const ratio = (page: PageWeight, kind: 'gzip' | 'brotli') => page[kind] / (page.floor?.[kind] ?? NaN);

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? ['as is', ...wanted.filter((name) => name !== 'as is')] : Object.keys(VARIANTS);
  for (const name of names) if (!VARIANTS[name]) throw new Error(`no variant "${name}"; known: ${Object.keys(VARIANTS).join(' | ')}`);
  const base = snapshot();
  const reports = new Map<string, WeightReport>();
  for (const name of names) {
    const variant = VARIANTS[name] as Variant;
    console.log(`variant: ${name}…`);
    let context = base;
    if (variant.patch) {
      context = snapshot();
      variant.patch(context);
    }
    reports.set(name, await measureWeight(() => {}, { tweak: variant.tweak, context, floors: false }));
  }
  console.log('building the floors…');
  await weighFloors([...reports.values()].flatMap((report) => report.pages));

  const baseline = reports.get('as is') as WeightReport;
  const pages = baseline.pages.map((page) => page.def.page);
  const rows: string[][] = [];
  for (const [name, report] of reports) {
    const worst = (kind: 'gzip' | 'brotli') => Math.max(...report.pages.map((page) => ratio(page, kind)));
    const total = (r: WeightReport) => r.pages.reduce((sum, page) => sum + page.gzip, 0) / r.pages.length;
    rows.push([
      name,
      worst('gzip').toFixed(3),
      worst('brotli').toFixed(3),
      `${kb(total(report))} (${kb(total(report) - total(baseline))})`,
      String(report.loader.gzip),
    ]);
  }
  console.log(`\nWorst page ratio to its floor (goal ${PAGE_TO_FLOOR_GOAL}), mean page gz KiB (Δ vs as is), loader gz B:`);
  console.log(table(['variant', 'worst x floor gz', 'worst x floor br', 'mean page gz KiB (Δ)', 'loader gz B'], rows));
  console.log('\nEach page, x floor gz / br:');
  console.log(
    table(
      ['page', ...reports.keys()],
      pages.map((page) => [
        page,
        ...[...reports.values()].map((report) => {
          const p = report.pages.find((candidate) => candidate.def.page === page);
          return p ? `${ratio(p, 'gzip').toFixed(2)} / ${ratio(p, 'brotli').toFixed(2)}` : '—';
        }),
      ]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
