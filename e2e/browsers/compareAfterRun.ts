/**
 * After the cross-browser suite (its jest globalTeardown): the layout comparison of what the runs
 * recorded, each engine's page states against Chromium's (scripts/compareLayouts.ts). In CI's half
 * (E2E_BROWSER_SET=ci) a difference in the portal's own elements fails the run, and so does a run
 * with nothing to compare against.
 */
import { compareRecorded, isPortalDifference } from '../../scripts/compareLayouts';

export default function compareAfterRun() {
  const { differences, lines, compared } = compareRecorded();
  console.log(`\n== layout compared with Chromium (element boxes, 4 px):\n${lines.join('\n') || 'nothing recorded'}`);
  if (process.env.E2E_BROWSER_SET !== 'ci') return;
  const portal = differences.filter(isPortalDifference);
  if (portal.length > 0) {
    throw new Error(`the portal's layout differs from Chromium's beyond 4 px in ${portal.length} place(s): the lines above`);
  }
  if (compared === 0) throw new Error('no page state was compared with Chromium: the comparison guards nothing');
}
