/**
 * `npm run test:budgets`: builds the app and the floor pages (production, temp folders: dist/ is
 * not touched), and fails when a page is over PAGE_TO_FLOOR_MAX times its floor (gzip or
 * brotli; the issue's 1.25, bench/budgets.ts), the loader over its gzip budget (a base plus a
 * price per widget), or a page or the loader more than PAGE_GROWTH_MAX heavier than
 * bench/weights.json records.
 * `npm run test:budgets -- --record` writes the weights measured into bench/weights.json: commit it
 * with the change that moved them, saying why.
 * Deterministic: byte counts of a production build, no timing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOADER_GZIP_MAX_BYTES, PAGE_GROWTH_MAX, PAGE_TO_FLOOR_GOAL, PAGE_TO_FLOOR_MAX } from './budgets';
import { measureWeight } from './lib/weight';
import { growthVerdict, loaderLine, recordOf, verdict, weightTable, type RecordedWeights } from './weight';

const RECORD_PATH = path.join(__dirname, 'weights.json');

async function main() {
  const record = process.argv.includes('--record');
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
  if (record) {
    fs.writeFileSync(RECORD_PATH, `${JSON.stringify(recordOf(report), null, 2)}\n`);
    console.log(`Recorded the weights in ${path.relative(process.cwd(), RECORD_PATH)}: commit it, saying why they moved.`);
  } else {
    const recorded = JSON.parse(fs.readFileSync(RECORD_PATH, 'utf8')) as RecordedWeights;
    const growth = growthVerdict(report, recorded);
    for (const note of growth.notes) console.log(note);
    if (!growth.ok) {
      console.error('');
      console.error(`Byte budgets FAILED: grown by more than ${100 * PAGE_GROWTH_MAX} % over bench/weights.json:`);
      for (const line of growth.lines) console.error(`  ${line}`);
      console.error(
        'Run `npm run bench -- weight` for the contributors of each page. If the growth is wanted, ' +
          '`npm run test:budgets -- --record` and commit bench/weights.json with the reason.',
      );
      process.exit(1);
    }
  }
  const worst = Math.max(
    ...report.pages.flatMap((page) => (page.floor ? [page.gzip / page.floor.gzip, page.brotli / page.floor.brotli] : [])),
  );
  console.log(
    `Byte budgets OK (page <= ${PAGE_TO_FLOOR_MAX}x floor, loader <= ${LOADER_GZIP_MAX_BYTES} B gzip, ` +
      `growth <= ${100 * PAGE_GROWTH_MAX} % over the record). ` +
      `Goal ${PAGE_TO_FLOOR_GOAL}x: ${worst <= PAGE_TO_FLOOR_GOAL ? 'met' : `not met, worst page ${worst.toFixed(2)}x`}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
