/**
 * Every committed regression recording (recordings/*.recording.json) still replays on this
 * build and ends in its expected state (recordings/<name>.expected.json, redacted).
 */
import fs from 'node:fs';
import path from 'node:path';
import { portalReducer } from './portalReducer';
import { parseRecordingText } from './recordingSchema';
import { compareRedactedStates, replayRecording } from './replay';

const DIR = path.resolve(__dirname, '../../../recordings');
const names = fs
  .readdirSync(DIR)
  .filter((file) => file.endsWith('.recording.json'))
  .map((file) => file.slice(0, -'.recording.json'.length))
  .sort();

test('at least two regression recordings are committed', () => {
  expect(names.length).toBeGreaterThanOrEqual(2);
});

test.each(names)('%s replays to its expected state', (name) => {
  const parsed = parseRecordingText(fs.readFileSync(path.join(DIR, `${name}.recording.json`), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  const result = replayRecording(parsed.recording, { reducer: portalReducer });
  expect(result.failure?.message ?? null).toBeNull();
  const expected: unknown = JSON.parse(fs.readFileSync(path.join(DIR, `${name}.expected.json`), 'utf8'));
  expect(compareRedactedStates(result.finalState, expected)).toEqual([]);
});
