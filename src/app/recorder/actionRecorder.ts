/**
 * The QA action recorder: a middleware that keeps the last `limit` actions of the session
 * (redacted, with their time offset and the slices each changed) and the redacted state they
 * start from. Install it with makeStore's `reducerSideMiddleware` (after RTK Query's
 * middleware), where it sees exactly what reaches the reducers: RTK Query hands some actions
 * straight to `next` (its registration, `subscriptionsUpdated`) and swallows its own probes.
 * `start()` is called once the store is set up, so the kept initial state already holds what
 * the store did while it was being built.
 */
import { createAction, isAction, type Middleware, type MiddlewareAPI, type UnknownAction } from '@reduxjs/toolkit';
import { redactUrl } from '../../platform/redaction';
import { DEFAULT_LOCALE, type Locale } from '../../platform/i18n/locales';
import { APP_VERSION } from './appVersion';
import {
  DEFAULT_RECORDING_LIMIT,
  RECORDING_FORMAT,
  RECORDING_FORMAT_VERSION,
  type Recording,
  type RecordingEntry,
} from './recordingFormat';
import { sanitizeAction, sanitizeState } from './redactRecording';

/** Dispatched by `start()`; never recorded itself. */
const recordingStarted = createAction('qa/recordingStarted');

type StateRecord = Record<string, unknown>;

export interface ActionRecorderOptions<S> {
  /** The root reducer: actions that fall out of the ring are folded into the kept initial state. */
  reducer: (state: S | undefined, action: UnknownAction) => S;
  limit?: number;
  /** A monotonic clock in milliseconds. */
  now?: () => number;
  /** The page the session is on (its query string is redacted). */
  page?: () => string;
  /** The language the widgets are shown in: a replay shows them in it (default English). */
  locale?: Locale;
}

export interface ActionRecorder {
  middleware: Middleware;
  /** Begins recording the store the middleware is installed in. */
  start(): void;
  isRecording(): boolean;
  /** Actions kept so far. */
  size(): number;
  toRecording(): Recording;
  /** The live state, redacted exactly as a recording holds it. */
  state(): unknown;
}

/** A fixed-capacity FIFO: pushing into a full ring evicts (and returns) the oldest item. */
class Ring<T> {
  private readonly items: Array<T | undefined>;
  private head = 0;
  private count = 0;

  constructor(private readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): T | undefined {
    const tail = (this.head + this.count) % this.capacity;
    if (this.count < this.capacity) {
      this.items[tail] = item;
      this.count += 1;
      return undefined;
    }
    const evicted = this.items[this.head];
    this.items[this.head] = item;
    this.head = (this.head + 1) % this.capacity;
    return evicted;
  }

  get size() {
    return this.count;
  }

  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i += 1) out.push(this.items[(this.head + i) % this.capacity] as T);
    return out;
  }
}

/** Top-level keys whose value is not the same object after the action. */
export function changedSlices(before: unknown, after: unknown): string[] {
  if (before === after) return [];
  const a = (before ?? {}) as StateRecord;
  const b = (after ?? {}) as StateRecord;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => a[key] !== b[key]);
}

const defaultPage = () => (typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`);

export function createActionRecorder<S>(options: ActionRecorderOptions<S>): ActionRecorder {
  const limit = Math.max(1, options.limit ?? DEFAULT_RECORDING_LIMIT);
  const now = options.now ?? (() => performance.now());
  const page = options.page ?? defaultPage;
  const ring = new Ring<RecordingEntry>(limit);
  let storeApi: MiddlewareAPI | null = null;
  let started = false;
  let startTime = 0;
  let startedAt = '';
  let base: S | undefined;
  let dropped = 0;
  /** The entry whose action is being reduced, with the state before it. */
  let open: { entry: RecordingEntry; before: unknown } | null = null;

  // A saga's put runs inside the outer dispatch, after the outer action was reduced: the first
  // nested dispatch (or the outer one returning) is when the open entry's changes are known.
  const settle = (current: unknown) => {
    if (!open) return;
    open.entry.changed = changedSlices(open.before, current);
    open = null;
  };

  const keep = (entry: RecordingEntry) => {
    const evicted = ring.push(entry);
    if (evicted) {
      base = options.reducer(base, evicted.action as UnknownAction);
      dropped += 1;
    }
  };

  const middleware: Middleware = (middlewareApi) => {
    storeApi = middlewareApi;
    return (next) => (action) => {
      if (!isAction(action)) return next(action);
      if (recordingStarted.match(action)) {
        const result = next(action);
        if (!started) {
          started = true;
          startTime = now();
          startedAt = new Date().toISOString();
          base = sanitizeState(middlewareApi.getState() as S);
        }
        return result;
      }
      if (!started) return next(action);
      settle(middlewareApi.getState());
      const entry: RecordingEntry = {
        at: Math.round(now() - startTime),
        action: sanitizeAction(action as UnknownAction),
        changed: [],
      };
      keep(entry);
      open = { entry, before: middlewareApi.getState() };
      const result = next(action);
      settle(middlewareApi.getState());
      return result;
    };
  };

  const requireStore = () => {
    if (!storeApi) throw new Error('The action recorder is not installed in a store.');
    return storeApi;
  };

  return {
    middleware,
    start() {
      requireStore().dispatch(recordingStarted());
    },
    isRecording: () => started,
    size: () => ring.size,
    toRecording(): Recording {
      return {
        format: RECORDING_FORMAT,
        formatVersion: RECORDING_FORMAT_VERSION,
        appVersion: APP_VERSION,
        startedAt,
        savedAt: new Date().toISOString(),
        page: redactUrl(page()),
        locale: options.locale ?? DEFAULT_LOCALE,
        firstStep: dropped,
        initialState: (base ?? {}) as StateRecord,
        actions: ring.toArray(),
      };
    },
    state: () => sanitizeState(requireStore().getState()),
  };
}
