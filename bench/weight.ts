/**
 * Part 1, page weight: tables and budget verdicts over lib/weight.ts's measurements.
 */
import { WIDGET_NAMES } from '../src/platform/widgetCatalog';
import { LOADER_GZIP_MAX_BYTES, LOADER_GZIP_PER_ROW_BYTES, PAGE_GROWTH_MAX, PAGE_TO_FLOOR_MAX } from './budgets';
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

/** What bench/weights.json holds: each page's first-load bytes and the loader's, as last recorded, and the catalog's rows then. */
export interface RecordedWeights {
  widgets: number;
  loader: { gzip: number; brotli: number };
  pages: Record<string, { gzip: number; brotli: number }>;
}

export function recordOf(report: WeightReport, widgets = WIDGET_NAMES.length): RecordedWeights {
  return {
    widgets,
    loader: { gzip: report.loader.gzip, brotli: report.loader.brotli },
    pages: Object.fromEntries(report.pages.map((page) => [page.def.page, { gzip: page.gzip, brotli: page.brotli }])),
  };
}

/**
 * Fails on a page or loader more than PAGE_GROWTH_MAX heavier than recorded, and on a page with no
 * record. A widget added since the record (`widgets`, the catalog's rows now) pays its own way: the
 * loader may grow by its price (LOADER_GZIP_PER_ROW_BYTES) on top, and a page without a record is a
 * note, not a failure (its floor budget still holds), so a new widget does not force a new record.
 * `notes`: what got lighter by more than that, or is new, so that the record can follow it.
 */
export function growthVerdict(report: WeightReport, recorded: RecordedWeights, widgets = WIDGET_NAMES.length): Verdict & { notes: string[] } {
  const lines: string[] = [];
  const notes: string[] = [];
  const measured = recordOf(report, widgets);
  const added = Math.max(0, widgets - recorded.widgets);
  const compare = (name: string, now: { gzip: number; brotli: number }, before: { gzip: number; brotli: number }, paid = 0) => {
    for (const kind of ['gzip', 'brotli'] as const) {
      const change = now[kind] - before[kind];
      const figures = `${before[kind]} -> ${now[kind]} B ${kind} (${change >= 0 ? '+' : ''}${((100 * change) / before[kind]).toFixed(1)} %)`;
      if (change > before[kind] * PAGE_GROWTH_MAX + paid) lines.push(`GREW: ${name} ${figures}`);
      else if (-change > before[kind] * PAGE_GROWTH_MAX) notes.push(`lighter: ${name} ${figures}`);
    }
  };
  compare('loader', measured.loader, recorded.loader, added * LOADER_GZIP_PER_ROW_BYTES);
  for (const [page, now] of Object.entries(measured.pages)) {
    const before = recorded.pages[page];
    if (before) compare(page, now, before);
    else if (added > 0) notes.push(`new since the record (${added} widget${added > 1 ? 's' : ''} added): ${page} ${now.gzip} B gzip`);
    else lines.push(`NOT RECORDED: ${page}`);
  }
  return { ok: lines.length === 0, lines, notes };
}
