/**
 * Compares the layout of every page state the cross-browser flows recorded (issue 42) between each
 * engine and Chromium: the boxes of headings, fields and buttons (e2e/artifacts/browsers/<engine>-
 * <language>-<width>/<state>.json), matched by role, name and order, not pixels. An element moved
 * or resized by more than the tolerance (default 4 px, `--tolerance N`) is listed; so is one found
 * in only one engine. The screenshots beside each JSON are for a person to look at side by side.
 *
 *   npx tsx scripts/compareLayouts.ts [--tolerance 4] [--json out.json]
 * `npm run test:e2e:browsers` prints it after the suite (e2e/browsers/compareAfterRun.ts), and
 * fails CI's half (E2E_BROWSER_SET=ci) on a difference in the portal's own elements. Run alone it
 * exits 0: it reports, the lead decides (fonts differ per engine: "Cross-browser suite" in bench/RESULTS.md
 * lists WebKit's wraps in English at 375 px, which CI's half does not run).
 */
import fs from 'node:fs';
import path from 'node:path';

/** An element's box in document coordinates, as e2e/browsers/driver.ts records it. */
export interface Box {
  role: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Recorded {
  engine: string;
  state: string;
  viewport: { width: number; height: number };
  boxes: Box[];
}
export interface Difference {
  run: string;
  state: string;
  role: string;
  name: string;
  kind: 'moved' | 'resized' | 'only in chromium' | 'only in this engine';
  chromium?: Box;
  other?: Box;
}

const ARTIFACTS = path.resolve(__dirname, '../e2e/artifacts/browsers');

/**
 * The fixture host page's own elements (e2e/fixtures/host-page.html): drawn in each engine's
 * default font and native button, not by the portal, so they differ by engine and are not held.
 */
const HOST_PAGE_ELEMENTS = new Set(['heading|Member services', 'button|Host button']);

/** A difference in what the portal draws (not the host page's own elements). */
export function isPortalDifference(difference: Difference): boolean {
  return !HOST_PAGE_ELEMENTS.has(`${difference.role}|${difference.name}`);
}

function keyed(boxes: Box[]): Map<string, Box> {
  const seen = new Map<string, number>();
  const result = new Map<string, Box>();
  for (const box of boxes) {
    const base = `${box.role}|${box.name}`;
    const index = seen.get(base) ?? 0;
    seen.set(base, index + 1);
    result.set(`${base}|${index}`, box);
  }
  return result;
}

export function compare(run: string, state: string, chromium: Box[], other: Box[], tolerance: number): Difference[] {
  const differences: Difference[] = [];
  const reference = keyed(chromium);
  const candidate = keyed(other);
  for (const [key, box] of reference) {
    const [role = '', name = ''] = key.split('|');
    const match = candidate.get(key);
    if (!match) {
      differences.push({ run, state, role, name, kind: 'only in chromium', chromium: box });
      continue;
    }
    if (Math.abs(match.width - box.width) > tolerance || Math.abs(match.height - box.height) > tolerance) {
      differences.push({ run, state, role, name, kind: 'resized', chromium: box, other: match });
    } else if (Math.abs(match.x - box.x) > tolerance || Math.abs(match.y - box.y) > tolerance) {
      differences.push({ run, state, role, name, kind: 'moved', chromium: box, other: match });
    }
  }
  for (const [key, box] of candidate) {
    if (reference.has(key)) continue;
    const [role = '', name = ''] = key.split('|');
    differences.push({ run, state, role, name, kind: 'only in this engine', other: box });
  }
  return differences;
}

/**
 * Every engine's recorded states against Chromium's of the same run (language and width): the
 * differences, and the report's lines (one per difference, then a summary per run).
 */
export function compareRecorded(tolerance = 4): { differences: Difference[]; lines: string[]; compared: number } {
  const all: Difference[] = [];
  const summary: string[] = [];
  const notComparable: string[] = [];
  let compared = 0;
  const runs = fs.existsSync(ARTIFACTS) ? fs.readdirSync(ARTIFACTS).sort() : [];
  for (const runDir of runs) {
    const [engine, ...rest] = runDir.split('-');
    if (engine === 'chromium' || !rest.length) continue;
    const chromiumDir = path.join(ARTIFACTS, ['chromium', ...rest].join('-'));
    if (!fs.existsSync(chromiumDir)) {
      summary.push(`${runDir}: no chromium-${rest.join('-')} recorded, not compared`);
      continue;
    }
    let states = 0;
    let differing = 0;
    for (const file of fs.readdirSync(path.join(ARTIFACTS, runDir)).filter((name) => name.endsWith('.json'))) {
      const reference = path.join(chromiumDir, file);
      if (!fs.existsSync(reference)) continue;
      const mine = JSON.parse(fs.readFileSync(path.join(ARTIFACTS, runDir, file), 'utf8')) as Recorded;
      const theirs = JSON.parse(fs.readFileSync(reference, 'utf8')) as Recorded;
      if (mine.viewport.width !== theirs.viewport.width) {
        notComparable.push(`${runDir} ${mine.state}: viewport ${mine.viewport.width} px wide, chromium ${theirs.viewport.width} px: not compared`);
        continue;
      }
      states += 1;
      const found = compare(runDir, mine.state, theirs.boxes, mine.boxes, tolerance);
      if (found.length) differing += 1;
      all.push(...found);
    }
    compared += states;
    summary.push(`${runDir}: ${states} states compared with chromium, ${differing} with differences beyond ${tolerance} px`);
  }
  const where = (box?: Box) => (box ? `${box.x},${box.y} ${box.width}x${box.height}` : '-');
  const lines = all.map(
    (difference) =>
      `${difference.run} | ${difference.state} | ${difference.role} "${difference.name.slice(0, 50)}" | ${difference.kind} | chromium ${where(difference.chromium)} | engine ${where(difference.other)}`,
  );
  return { differences: all, lines: [...lines, ...notComparable, ...summary], compared };
}

function main() {
  const args = process.argv.slice(2);
  const tolerance = Number(args[args.indexOf('--tolerance') + 1] ?? 4) || 4;
  const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  if (!fs.existsSync(ARTIFACTS)) {
    console.error(`nothing recorded in ${ARTIFACTS}: run npm run test:e2e:browsers first`);
    process.exit(1);
  }
  const { differences, lines } = compareRecorded(tolerance);
  console.log(lines.join('\n'));
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(differences, null, 1));
}

if (require.main === module) main();
