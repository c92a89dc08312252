/**
 * Replays a recording through a root reducer: no middleware, no sagas, no network. Shared by
 * the Node CLI (scripts/replay.ts), the regression test and the browser replay page.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { REDACTED } from '../../platform/redaction';
import { changedSlices } from './actionRecorder';
import { APP_VERSION } from './appVersion';
import type { Recording } from './recordingFormat';
import { sanitizeState } from './redactRecording';

type StateReducer<S> = (state: S | undefined, action: UnknownAction) => S;

interface ReplayStep {
  /** 1-based: step N is the state after the recording's first N actions */
  step: number;
  type: string;
  /** ms since the recording started */
  at: number;
  /** what the action changed, e.g. `registration.values.firstname = "Ada"` */
  changes: string[];
}

interface ReplayFailure {
  /** the step (1-based action number) that no longer replays; 0 for the initial state */
  step: number;
  type: string;
  /** one sentence naming the action and why, for people (no stack trace) */
  message: string;
}

export interface ReplayOptions<S> {
  reducer: StateReducer<S>;
  /** stop after this many actions */
  until?: number;
  /** keep every intermediate state (the browser page scrubs through them) */
  keepStates?: boolean;
  /** the version of the build replaying (tests pretend to be another one) */
  appVersion?: string;
}

export interface ReplayResult<S> {
  initialState: S;
  finalState: S;
  /** states[n] is the state after n actions; only with keepStates */
  states: S[];
  steps: ReplayStep[];
  failure: ReplayFailure | null;
  /** actions whose effect differs from the recording although the app version is the same */
  warnings: string[];
}

const REPLAY_INIT = { type: '@@loanmanager/replay/init' };
const MAX_PATH_DEPTH = 3;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** The paths (up to three levels) whose value is not the same object any more. */
export function describeChanges(before: unknown, after: unknown, path = '', depth = MAX_PATH_DEPTH): string[] {
  if (before === after) return [];
  if (depth === 0 || !isPlainObject(before) || !isPlainObject(after)) {
    const leaf = after === null || typeof after !== 'object';
    return [leaf ? `${path} = ${shortValue(after)}` : path];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: string[] = [];
  for (const key of keys) {
    const child = path ? `${path}.${key}` : key;
    if (!(key in after)) changes.push(`${child} removed`);
    else changes.push(...describeChanges(before[key], after[key], child, depth - 1));
  }
  return changes;
}

/** Every path at which two JSON values differ (deep), at most `limit` of them. */
function diffStates(actual: unknown, expected: unknown, limit = 20, path = ''): string[] {
  const out: string[] = [];
  const walk = (a: unknown, e: unknown, at: string) => {
    if (out.length >= limit) return;
    if (Array.isArray(a) && Array.isArray(e)) {
      if (a.length !== e.length) out.push(`${at || '(root)'}: ${a.length} items, expected ${e.length}`);
      for (let i = 0; i < Math.min(a.length, e.length); i += 1) walk(a[i], e[i], `${at}[${i}]`);
      return;
    }
    if (isPlainObject(a) && isPlainObject(e)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(e)])) {
        const child = at ? `${at}.${key}` : key;
        if (!(key in a)) out.push(`${child}: missing, expected ${shortValue(e[key])}`);
        else if (!(key in e)) out.push(`${child}: ${shortValue(a[key])}, expected nothing`);
        else walk(a[key], e[key], child);
      }
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(e)) out.push(`${at || '(root)'}: ${shortValue(a)}, expected ${shortValue(e)}`);
  };
  walk(actual, expected, path);
  return out;
}

/** Compares two states as recordings hold them: both redacted, plain JSON. */
export function compareRedactedStates(actual: unknown, expected: unknown, limit?: number): string[] {
  return diffStates(sanitizeState(actual), sanitizeState(expected), limit);
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}

export function replayRecording<S>(recording: Recording, options: ReplayOptions<S>): ReplayResult<S> {
  const { reducer, keepStates = false } = options;
  const appVersion = options.appVersion ?? APP_VERSION;
  const sameVersion = recording.appVersion === appVersion;
  const versions = sameVersion
    ? `version ${appVersion}`
    : `recorded on version ${recording.appVersion}, replayed on ${appVersion}`;
  const fresh = reducer(undefined, REPLAY_INIT) as Record<string, unknown>;
  const warnings: string[] = [];
  const steps: ReplayStep[] = [];
  const fail = (initialState: S, state: S, states: S[], failure: ReplayFailure): ReplayResult<S> => ({
    initialState,
    finalState: state,
    states,
    steps,
    failure,
    warnings,
  });

  const unknownSlices = Object.keys(recording.initialState).filter((key) => !(key in fresh));
  const empty = reducer(undefined, REPLAY_INIT);
  if (unknownSlices.length > 0) {
    return fail(empty, empty, keepStates ? [empty] : [], {
      step: 0,
      type: '(initial state)',
      message: `The recording's initial state has the slice "${unknownSlices[0]}", which this build does not have (${versions}).`,
    });
  }
  let state: S;
  try {
    state = reducer(recording.initialState as S, REPLAY_INIT);
  } catch (error) {
    return fail(empty, empty, keepStates ? [empty] : [], {
      step: 0,
      type: '(initial state)',
      message: `The recording's initial state no longer fits this build (${versions}): ${errorText(error)}.`,
    });
  }
  const initialState = state;
  const states: S[] = keepStates ? [state] : [];
  const last = Math.min(options.until ?? recording.actions.length, recording.actions.length);

  for (let index = 0; index < last; index += 1) {
    const entry = recording.actions[index];
    if (!entry) break;
    const step = index + 1;
    const { type } = entry.action;
    const named = `Action #${step} "${type}"`;
    let next: S;
    try {
      next = reducer(state, entry.action as UnknownAction);
    } catch (error) {
      return fail(initialState, state, states, {
        step,
        type,
        message: `${named} no longer replays (${versions}): the reducer threw "${errorText(error)}".`,
      });
    }
    const missing = entry.changed.filter((key) => !(key in (next as Record<string, unknown>)));
    if (missing.length > 0) {
      return fail(initialState, state, states, {
        step,
        type,
        message: `${named} no longer replays (${versions}): it changed the slice "${missing[0]}", which this build does not have.`,
      });
    }
    const changedNow = changedSlices(state, next);
    // A masked value can make a real change look like none (typing into a password field).
    const silent =
      entry.changed.length > 0 && changedNow.length === 0 && !JSON.stringify(entry.action).includes(REDACTED);
    if (silent) {
      const message = `${named} changes nothing in this build; when recorded it changed ${entry.changed.join(', ')}`;
      if (!sameVersion) {
        return fail(initialState, state, states, {
          step,
          type,
          message: `${message} (${versions}): its action type is unknown now or its reducer changed.`,
        });
      }
      warnings.push(`${message}.`);
    }
    steps.push({ step, type, at: entry.at, changes: describeChanges(state, next) });
    state = next;
    if (keepStates) states.push(state);
  }
  return { initialState, finalState: state, states, steps, failure: null, warnings };
}
