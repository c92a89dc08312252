/**
 * The QA recording file (`*.recording.json`), documented in docs/qa-recording.md.
 * Bump RECORDING_FORMAT_VERSION whenever the shape of the file changes (not when slices or
 * actions change: that is what `appVersion` tells).
 */
export const RECORDING_FORMAT = 'loanmanager-recording';
export const RECORDING_FORMAT_VERSION = 1;
/** The recorder keeps the last this-many actions; older ones are folded into `initialState`. */
export const DEFAULT_RECORDING_LIMIT = 10_000;

/** An action as it is kept: plain JSON, redacted, without RTK Query's Request/Response meta. */
export interface RecordedAction {
  type: string;
  payload?: unknown;
  meta?: unknown;
  error?: unknown;
}

export interface RecordingEntry {
  /** milliseconds since the recording started */
  at: number;
  action: RecordedAction;
  /** the top-level slices this action changed when it was recorded (replay checks it still does) */
  changed: string[];
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  formatVersion: typeof RECORDING_FORMAT_VERSION;
  /** package.json version of the build that recorded */
  appVersion: string;
  /** ISO time the recording started, and the time it was saved */
  startedAt: string;
  savedAt: string;
  /** the page's path (query string redacted) */
  page: string;
  /** the widgets' language when recorded (the config's `locale`): a replay shows them in it; absent in older files (English) */
  locale?: string;
  /** number of the session's first kept action (more than 0 when the ring dropped older ones) */
  firstStep: number;
  /** redacted store state before `actions[0]` */
  initialState: Record<string, unknown>;
  actions: RecordingEntry[];
}
