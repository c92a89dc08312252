/**
 * npm run replay -- file.recording.json [--until N] [--expect state.json]
 *
 * Rebuilds the portal's root reducer (no sagas, no network), applies the recorded actions in
 * order and prints each step with what it changed. Exit codes: 0 replayed (and matches
 * --expect), 1 the final state differs from --expect, 2 the recording cannot be read or no
 * longer replays on this build, or the command line is wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import { portalReducer } from '../src/app/recorder/portalReducer';
import { APP_VERSION } from '../src/app/recorder/appVersion';
import { parseRecordingText } from '../src/app/recorder/recordingSchema';
import { compareRedactedStates, replayRecording } from '../src/app/recorder/replay';

export const USAGE = 'usage: npm run replay -- file.recording.json [--until N] [--expect state.json] [--quiet]';

export interface ReplayCliIo {
  out(line: string): void;
  err(line: string): void;
  readFile(file: string): string;
}

interface CliArgs {
  file: string;
  until?: number;
  expect?: string;
  quiet: boolean;
}

function parseArgs(argv: string[]): CliArgs | string {
  let file: string | undefined;
  let until: number | undefined;
  let expect: string | undefined;
  let quiet = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--until') {
      const value = Number(argv[(i += 1)]);
      if (!Number.isInteger(value) || value < 0) return '--until needs a whole number of actions';
      until = value;
    } else if (arg === '--expect') {
      expect = argv[(i += 1)];
      if (!expect) return '--expect needs a state file';
    } else if (arg === '--quiet') {
      quiet = true;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else if (file) {
      return 'give one recording file';
    } else {
      file = arg;
    }
  }
  return file ? { file, until, expect, quiet } : 'give a recording file';
}

function seconds(ms: number) {
  return `+${(ms / 1000).toFixed(2)}s`;
}

function summarize(changes: string[]): string {
  if (changes.length === 0) return '(no change)';
  const shown = changes.slice(0, 4).join(', ');
  return changes.length > 4 ? `${shown}, +${changes.length - 4} more` : shown;
}

function readText(io: ReplayCliIo, file: string): string | null {
  try {
    return io.readFile(file);
  } catch {
    io.err(`Cannot read ${file}.`);
    return null;
  }
}

/** The CLI without process globals, so tests can run it. Returns the exit code. */
export function runReplayCli(argv: string[], io: ReplayCliIo): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(`${args}\n${USAGE}`);
    return 2;
  }
  const text = readText(io, args.file);
  if (text === null) return 2;
  const parsed = parseRecordingText(text);
  if (!parsed.ok) {
    io.err(`${args.file}: ${parsed.message}`);
    return 2;
  }
  const { recording } = parsed;
  const total = recording.actions.length;
  const versionNote = recording.appVersion === APP_VERSION ? '' : ` (this build is ${APP_VERSION})`;
  io.out(
    `${path.basename(args.file)}: ${total} actions recorded on version ${recording.appVersion}${versionNote}, ` +
      `started ${recording.startedAt} on ${recording.page || '(unknown page)'}` +
      (recording.firstStep > 0 ? `; the first ${recording.firstStep} actions of the session were folded into the initial state` : ''),
  );
  const result = replayRecording(recording, { reducer: portalReducer, until: args.until });
  if (!args.quiet) {
    const width = String(total).length;
    for (const step of result.steps) {
      io.out(`#${String(step.step).padStart(width)} ${seconds(step.at).padStart(9)} ${step.type}  ${summarize(step.changes)}`);
    }
  }
  for (const warning of result.warnings) io.err(`warning: ${warning}`);
  if (result.failure) {
    io.err(result.failure.message);
    return 2;
  }
  io.out(`Replayed ${result.steps.length} of ${total} actions.`);
  if (!args.expect) return 0;
  const expectedText = readText(io, args.expect);
  if (expectedText === null) return 2;
  let expected: unknown;
  try {
    expected = JSON.parse(expectedText) as unknown;
  } catch {
    io.err(`${args.expect} is not JSON.`);
    return 2;
  }
  const differences = compareRedactedStates(result.finalState, expected);
  if (differences.length === 0) {
    io.out(`The final state matches ${path.basename(args.expect)}.`);
    return 0;
  }
  io.err(`The final state differs from ${path.basename(args.expect)} at:`);
  for (const difference of differences) io.err(`  ${difference}`);
  return 1;
}

if (require.main === module) {
  process.exitCode = runReplayCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readFile: (file) => fs.readFileSync(file, 'utf8'),
  });
}
