/**
 * After the cross-browser suite (its jest globalTeardown): the layout comparison of what the runs
 * recorded, each engine's page states against Chromium's (scripts/compareLayouts.ts).
 */
import { compareRecorded } from '../../scripts/compareLayouts';

export default function compareAfterRun() {
  const { lines } = compareRecorded();
  console.log(`\n== layout compared with Chromium (element boxes, 4 px):\n${lines.join('\n') || 'nothing recorded'}`);
}
