/** Validates a recording file before it is replayed (browser replay page and Node CLI). */
import * as v from 'valibot';
import { looseObject, object, record } from '../../lib/validation/schemaKit';
import { RECORDING_FORMAT, RECORDING_FORMAT_VERSION, type Recording } from './recordingFormat';

const stateSchema = record(v.unknown());

const recordedActionSchema = looseObject({
  type: v.pipe(v.string(), v.minLength(1)),
  payload: v.optional(v.unknown()),
  meta: v.optional(v.unknown()),
  error: v.optional(v.unknown()),
});

const recordingSchema = object({
  format: v.literal(RECORDING_FORMAT),
  formatVersion: v.literal(RECORDING_FORMAT_VERSION),
  appVersion: v.string(),
  startedAt: v.string(),
  savedAt: v.string(),
  page: v.string(),
  locale: v.optional(v.string()),
  firstStep: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  initialState: stateSchema,
  actions: v.array(
    object({
      at: v.pipe(v.number(), v.minValue(0)),
      action: recordedActionSchema,
      changed: v.array(v.string()),
    }),
  ),
});

export type ParsedRecording = { ok: true; recording: Recording } | { ok: false; message: string };

function describePath(path: ReadonlyArray<{ key: unknown }> = []): string {
  const keys = path.map((item) => item.key);
  return keys.length === 0 ? 'the file' : keys.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
}

/** Checks a parsed JSON value; the message says in plain words what is wrong. */
export function parseRecording(value: unknown): ParsedRecording {
  if (value === null || typeof value !== 'object' || (value as { format?: unknown }).format !== RECORDING_FORMAT) {
    return { ok: false, message: `This is not a Loan Manager recording (it has no "format": "${RECORDING_FORMAT}").` };
  }
  const version = (value as { formatVersion?: unknown }).formatVersion;
  if (version !== RECORDING_FORMAT_VERSION) {
    const shown = typeof version === 'number' ? String(version) : 'missing';
    const newer = typeof version === 'number' && version > RECORDING_FORMAT_VERSION;
    return {
      ok: false,
      message: `This recording has format version ${shown}; this build reads format version ${RECORDING_FORMAT_VERSION}${
        newer ? ' (the recording was made by a newer build)' : ''
      }.`,
    };
  }
  const parsed = v.safeParse(recordingSchema, value);
  if (!parsed.success) {
    const [issue] = parsed.issues;
    return { ok: false, message: `The recording is damaged at ${describePath(issue.path)}: ${issue.message}.` };
  }
  return { ok: true, recording: parsed.output as Recording };
}

/** Parses the text of a recording file. */
export function parseRecordingText(text: string): ParsedRecording {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, message: 'This file is not JSON, so it cannot be a recording.' };
  }
  return parseRecording(value);
}
