/**
 * `npx tsx bench/proposals.ts`: measures candidate webpack.config.ts changes for page weight
 * without touching webpack.config.ts (each variant tweaks a derived config in memory), so the
 * lead can decide on numbers. Prints one row per variant: gzip KiB of every page kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'webpack';
import { ROOT } from './lib/categories';
import { kb, table } from './lib/table';
import { tempDir } from './lib/build';
import { measureWeight } from './lib/weight';

const VARIANTS: Record<string, (config: Configuration) => void> = {
  'as is': () => {},
  // react-router 7's package "exports" only name its development build; the production build
  // ships beside it (dist/production) without dev warnings and checks.
  'react-router production build': (config) => {
    config.resolve = {
      ...config.resolve,
      alias: {
        ...(config.resolve?.alias as Record<string, string> | undefined),
        'react-router$': path.join(ROOT, 'node_modules/react-router/dist/production/index.mjs'),
      },
    };
  },
};

/** A frozen copy of src/ (others edit it while this runs), with the checkout's node_modules. */
function snapshot(): string {
  const dir = tempDir('snapshot');
  fs.cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

async function main() {
  const rows: string[][] = [];
  const context = snapshot();
  const baseline = await measureWeight(() => {}, { floors: false, context });
  const base = (page: string) => baseline.pages.find((p) => p.def.page === page)?.gzip ?? NaN;
  for (const [name, tweak] of Object.entries(VARIANTS)) {
    console.log(`variant: ${name}…`);
    const report = await measureWeight(() => {}, { tweak, context, floors: false });
    const pick = (page: string) => report.pages.find((p) => p.def.page === page);
    const portal = pick('/loanmanager/register/');
    const embed = pick('embed:registration');
    const popups = pick('/loanmanager/main/ (popups)');
    rows.push([
      name,
      ...[portal, embed, popups].map((p) => (p ? `${kb(p.gzip)} (${kb(p.gzip - base(p.def.page))})` : '—')),
      String(report.loader.gzip),
    ]);
  }
  console.log(table(['variant', '/register/ gz KiB (Δ)', 'embed:registration gz KiB (Δ)', 'main/ (popups) gz KiB (Δ)', 'loader gz B'], rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
