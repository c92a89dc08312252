import { LOADER_GZIP_PER_ROW_BYTES, PAGE_GROWTH_MAX } from './budgets';
import type { WeightReport } from './lib/weight';
import { growthVerdict, recordOf } from './weight';

/** A report of the parts the ratchet reads: each page's and the loader's gzip and brotli bytes. */
function report(pages: Record<string, number>, loader = 4_800): WeightReport {
  return {
    loader: { file: 'loanmanager-widgets.js', raw: 3 * loader, gzip: loader, brotli: loader - 700 },
    pages: Object.entries(pages).map(([page, gzip]) => ({ def: { page }, gzip, brotli: Math.round(gzip * 0.85) })),
  } as unknown as WeightReport;
}

describe('the byte ratchet', () => {
  const recorded = recordOf(report({ register: 250_000, main: 180_000 }));

  it('passes weights at or within PAGE_GROWTH_MAX of the record', () => {
    const verdict = growthVerdict(report({ register: Math.floor(250_000 * (1 + PAGE_GROWTH_MAX)), main: 180_000 }), recorded);
    expect(verdict).toEqual({ ok: true, lines: [], notes: [] });
  });

  it('fails on a page heavier than that, naming it with its figures', () => {
    const verdict = growthVerdict(report({ register: 250_000, main: 180_000 + 37 * 1024 }), recorded);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines).toEqual([
      expect.stringMatching(/^GREW: main 180000 -> 217888 B gzip \(\+21\.0 %\)$/),
      expect.stringMatching(/^GREW: main 153000 -> \d+ B brotli/),
    ]);
  });

  it('fails on a heavier loader, and on a page with no record', () => {
    const verdict = growthVerdict(report({ register: 250_000, main: 180_000, profile: 240_000 }, 4_900), recorded);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines).toEqual([expect.stringMatching(/^GREW: loader 4800 -> 4900 B gzip/), expect.stringMatching(/^GREW: loader 4100 -> 4200 B brotli/), 'NOT RECORDED: profile']);
  });

  it('lets a widget added since the record grow the loader by its price, and notes its new page', () => {
    const widgets = recorded.widgets + 1;
    const paid = report({ register: 250_000, main: 180_000, probe: 240_000 }, 4_800 + LOADER_GZIP_PER_ROW_BYTES);
    expect(growthVerdict(paid, recorded, widgets)).toEqual({ ok: true, lines: [], notes: ['new since the record (1 widget added): probe 240000 B gzip'] });
    // one byte more than the price and the ratchet's share is a regression all the same
    const over = report({ register: 250_000, main: 180_000 }, Math.floor(4_800 * (1 + PAGE_GROWTH_MAX)) + LOADER_GZIP_PER_ROW_BYTES + 1);
    expect(growthVerdict(over, recorded, widgets).lines).toEqual([
      expect.stringMatching(/^GREW: loader 4800 -> \d+ B gzip/),
      expect.stringMatching(/^GREW: loader 4100 -> \d+ B brotli/),
    ]);
  });

  it('passes a lighter page, with a note to record it', () => {
    const verdict = growthVerdict(report({ register: 240_000, main: 180_000 }), recorded);
    expect(verdict.ok).toBe(true);
    expect(verdict.notes).toEqual([expect.stringMatching(/^lighter: register 250000 -> 240000 B gzip \(-4\.0 %\)$/), expect.stringMatching(/^lighter: register .* brotli/)]);
  });
});
