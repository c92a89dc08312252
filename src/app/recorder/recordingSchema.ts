/** Validates a recording file before it is replayed (browser replay page and Node CLI). */
import * as z from 'zod/mini';
import { RECORDING_FORMAT, RECORDING_FORMAT_VERSION, type Recording } from './recordingFormat';

const stateSchema = z.record(z.string(), z.unknown());

const recordedActionSchema = z.looseObject({
  type: z.string().check(z.minLength(1)),
  payload: z.optional(z.unknown()),
  meta: z.optional(z.unknown()),
  error: z.optional(z.unknown()),
});

const recordingSchema = z.object({
  format: z.literal(RECORDING_FORMAT),
  formatVersion: z.literal(RECORDING_FORMAT_VERSION),
  appVersion: z.string(),
  startedAt: z.string(),
  savedAt: z.string(),
  page: z.string(),
  locale: z.optional(z.string()),
  firstStep: z.int().check(z.minimum(0)),
  initialState: stateSchema,
  actions: z.array(
    z.object({
      at: z.number().check(z.minimum(0)),
      action: recordedActionSchema,
      changed: z.array(z.string()),
    }),
  ),
});

export type ParsedRecording = { ok: true; recording: Recording } | { ok: false; message: string };

function describePath(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? 'the file' : path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
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
  const parsed = recordingSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? describePath(issue.path) : 'the file';
    return { ok: false, message: `The recording is damaged at ${where}: ${issue?.message ?? 'invalid'}.` };
  }
  return { ok: true, recording: parsed.data as Recording };
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
