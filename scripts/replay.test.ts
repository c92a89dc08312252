import fs from 'node:fs';
import path from 'node:path';
import { runReplayCli, USAGE } from './replay';

const RECORDINGS = path.resolve(__dirname, '../recordings');
const recordingFile = path.join(RECORDINGS, 'go-green-opt-in.recording.json');
const expectedFile = path.join(RECORDINGS, 'go-green-opt-in.expected.json');

function run(argv: string[], files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runReplayCli(argv, {
    out: (line) => void out.push(line),
    err: (line) => void err.push(line),
    readFile: (file) => files[file] ?? fs.readFileSync(file, 'utf8'),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('prints each step with what it changed and exits 0 when the final state matches --expect', () => {
  const result = run([recordingFile, '--expect', expectedFile]);
  expect(result.err).toBe('');
  expect(result.code).toBe(0);
  // the status's load is RTK Query's own entry (the slice keeps no copy of it)
  expect(result.out).toMatch(/# ?2 +\+\d+\.\d\ds api\/executeQuery\/pending {2}api\.queries\.getGoGreenStatus\(undefined\)/);
  expect(result.out).toContain('goGreen/optInSucceeded  goGreen.optIn = "succeeded", goGreen.done = true');
  expect(result.out).toContain('The final state matches go-green-opt-in.expected.json.');
});

test('--until N stops after N actions; a different final state exits 1 and says where', () => {
  const result = run([recordingFile, '--until', '3', '--expect', expectedFile]);
  expect(result.code).toBe(1);
  expect(result.out).toContain('Replayed 3 of 11 actions.');
  expect(result.err).toContain('The final state differs from go-green-opt-in.expected.json at:');
  expect(result.err).toContain('goGreen.done: false, expected true');
});

test('a recording from an older build that no longer replays names the first failed action, with no stack trace', () => {
  const recording = JSON.parse(fs.readFileSync(recordingFile, 'utf8')) as { appVersion: string; actions: Array<{ action: { type: string } }> };
  recording.appVersion = '0.0.1';
  const renamed = recording.actions.find((entry) => entry.action.type === 'goGreen/emailChoiceChanged');
  if (!renamed) throw new Error('fixture changed');
  renamed.action.type = 'goGreen/emailChoiceMade';
  // numbered from 1; its place moves when the recording is made again (RTK Query's own actions)
  const number = recording.actions.indexOf(renamed) + 1;
  const result = run(['old.recording.json'], { 'old.recording.json': JSON.stringify(recording) });
  expect(result.code).toBe(2);
  expect(result.err).toMatch(
    new RegExp(`^Action #${number} "goGreen/emailChoiceMade" changes nothing in this build; when recorded it changed goGreen \\(recorded on version 0\\.0\\.1, replayed on \\d+\\.\\d+\\.\\d+\\)`),
  );
  expect(result.err).not.toMatch(/\s+at \S+:\d+/);
});

test('a wrong command line or a file that is not a recording exits 2 with a plain message', () => {
  expect(run([])).toMatchObject({ code: 2, err: `give a recording file\n${USAGE}` });
  expect(run([recordingFile, '--until', 'x'])).toMatchObject({ code: 2 });
  expect(run(['x.json'], { 'x.json': '{"hello":1}' }).err).toContain('This is not a Loan Manager recording');
});
