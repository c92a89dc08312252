/**
 * Part 1, page weight: tables and budget verdicts over lib/weight.ts's measurements.
 */
import { LOADER_GZIP_MAX_BYTES, PAGE_TO_FLOOR_MAX } from './budgets';
import { CATEGORIES, CATEGORY_LABEL } from './lib/categories';
import { kb, table } from './lib/table';
import type { PageWeight, WeightReport } from './lib/weight';

export interface Verdict {
  ok: boolean;
  lines: string[];
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : Infinity);

/** Gzip KiB per category, the total, the floor and the ratio (brotli total and ratio beside). */
export function weightTable(report: WeightReport): string {
  const rows = report.pages.map((p) => {
    const floor = p.floor ?? { gzip: 0, brotli: 0 };
    return [
      p.def.page,
      ...CATEGORIES.map((c) => kb(p.byCategory[c].gzip)),
      kb(p.css.gzip),
      kb(p.gzip),
      kb(floor.gzip),
      ratio(p.gzip, floor.gzip).toFixed(2),
      kb(p.brotli),
      kb(floor.brotli),
      ratio(p.brotli, floor.brotli).toFixed(2),
    ];
  });
  return table(
    [
      'page (first load)',
      ...CATEGORIES.map((c) => `${CATEGORY_LABEL[c]} gz`),
      'css gz',
      'total gz',
      'floor gz',
      'x floor',
      'total br',
      'floor br',
      'x floor br',
    ],
    rows,
  );
}

export function loaderLine(report: WeightReport): string {
  const l = report.loader;
  return `loader ${l.file}: ${l.raw} B raw, ${l.gzip} B gzip, ${l.brotli} B brotli (budget ${LOADER_GZIP_MAX_BYTES} B gzip)`;
}

/** The largest packages on a page (gzip), for "what makes it heavy". */
export function contributors(page: PageWeight, top = 12): string {
  const rows = [...page.byPackage]
    .sort((a, b) => b[1].gzip - a[1].gzip)
    .slice(0, top)
    .map(([pkg, s]) => [pkg, CATEGORY_LABEL[s.category], kb(s.raw), kb(s.gzip), `${((100 * s.gzip) / page.gzip).toFixed(1)}%`]);
  return table(['package', 'group', 'min KiB', 'gz KiB', 'share'], rows);
}

export function floorImports(page: PageWeight): string {
  return [...page.antdImports].map(([s, names]) => `${s}: ${[...names].sort().join(', ')}`).join('; ');
}

export function verdict(report: WeightReport): Verdict {
  const lines: string[] = [];
  let ok = true;
  if (report.loader.gzip > LOADER_GZIP_MAX_BYTES) {
    ok = false;
    lines.push(`OVER: loader ${report.loader.gzip} B gzip > ${LOADER_GZIP_MAX_BYTES} B`);
  }
  for (const page of report.pages) {
    const floor = page.floor;
    if (!floor) continue;
    for (const kind of ['gzip', 'brotli'] as const) {
      const r = ratio(page[kind], floor[kind]);
      if (r > PAGE_TO_FLOOR_MAX) {
        ok = false;
        lines.push(
          `OVER: ${page.def.page} ${kind} ${kb(page[kind])} KiB = ${r.toFixed(2)}x its floor ${kb(floor[kind])} KiB (max ${PAGE_TO_FLOOR_MAX}x)`,
        );
      }
    }
  }
  return { ok, lines };
}
