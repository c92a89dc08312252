/**
 * `npm run test:budgets`: builds the app and the floor pages (production, temp folders: dist/ is
 * not touched), and fails when a page is over PAGE_TO_FLOOR_MAX times its floor (gzip or
 * brotli; the issue's 1.25, bench/budgets.ts) or the loader over 5 KiB gzip.
 * Deterministic: byte counts of a production build, no timing.
 */
import { LOADER_GZIP_MAX_BYTES, PAGE_TO_FLOOR_GOAL, PAGE_TO_FLOOR_MAX } from './budgets';
import { measureWeight } from './lib/weight';
import { loaderLine, verdict, weightTable } from './weight';

async function main() {
  const report = await measureWeight((line) => console.log(line));
  console.log('');
  console.log('First-load JS+CSS per page, KiB (gzip level 9; brotli quality 11), beside its floor:');
  console.log(weightTable(report));
  console.log(loaderLine(report));
  const result = verdict(report);
  if (!result.ok) {
    console.error('');
    console.error(`Byte budgets FAILED (page <= ${PAGE_TO_FLOOR_MAX}x floor, loader <= ${LOADER_GZIP_MAX_BYTES} B gzip):`);
    for (const line of result.lines) console.error(`  ${line}`);
    console.error('Run `npm run bench -- weight` for the contributors of each page.');
    process.exit(1);
  }
  const worst = Math.max(
    ...report.pages.flatMap((page) => (page.floor ? [page.gzip / page.floor.gzip, page.brotli / page.floor.brotli] : [])),
  );
  console.log(
    `Byte budgets OK (page <= ${PAGE_TO_FLOOR_MAX}x floor, loader <= ${LOADER_GZIP_MAX_BYTES} B gzip). ` +
      `Goal ${PAGE_TO_FLOOR_GOAL}x: ${worst <= PAGE_TO_FLOOR_GOAL ? 'met' : `not met, worst page ${worst.toFixed(2)}x`}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
