/**
 * Production builds for the benchmarks, into temporary folders, all derived from the project's
 * own webpack.config.ts (same rules, same optimization, same devtool): the app itself, and the
 * bench-only pages (the floors and the antd-Form typing page) as extra entries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Configuration, type StatsCompilation } from 'webpack';
import { browserConfig } from '../../webpack.config';
import { ROOT } from './categories';

export interface Build {
  outDir: string;
  stats: StatsCompilation;
  /** the project folder it was built from (ROOT, or a snapshot of it: bench/proposals.ts) */
  context?: string;
}

const STATS_OPTIONS = {
  all: false,
  assets: true,
  chunks: true,
  chunkModules: false,
  chunkGroups: true,
  entrypoints: true,
  modules: true,
  nestedModules: true,
  ids: true,
  errors: true,
  warnings: true,
  outputPath: true,
} as const;

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `loanmanager-bench-${label}-`));
}

function run(config: Configuration): Promise<StatsCompilation> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error('webpack returned no stats'));
      const json = stats.toJson(STATS_OPTIONS);
      if (stats.hasErrors()) {
        const messages = (json.errors ?? []).map((e) => e.message).join('\n');
        return reject(new Error(`webpack build failed:\n${messages}`));
      }
      resolve(json);
    });
  });
}

function baseConfig(): Configuration {
  return browserConfig({ precompress: false }, { mode: 'production' });
}

/** The app exactly as `npm run build` makes it, written to `outDir` instead of dist/. */
export async function buildApp(
  outDir = tempDir('app'),
  tweak?: (config: Configuration) => void,
  context = ROOT,
): Promise<Build> {
  const config = baseConfig();
  tweak?.(config);
  config.context = context;
  config.output = { ...config.output, path: outDir, clean: true };
  return { outDir, stats: await run(config), context };
}

/**
 * Bench-only pages: each entry is a standalone page (no loader, no widget runtime) built with
 * the app's rules and optimization. Entry files may live outside the project (generated in a
 * temp folder), so packages also resolve from the project's node_modules.
 */
export async function buildPages(entries: Record<string, string>, outDir = tempDir('pages')): Promise<Build> {
  const config = baseConfig();
  config.context = ROOT;
  config.entry = entries;
  config.output = { ...config.output, path: outDir, clean: true, uniqueName: 'loanmanager-bench' };
  config.resolve = { ...config.resolve, modules: ['node_modules', path.join(ROOT, 'node_modules')] };
  return { outDir, stats: await run(config) };
}
