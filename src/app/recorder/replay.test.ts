import { createSlice, type UnknownAction } from '@reduxjs/toolkit';
import { combineSlices } from '@reduxjs/toolkit';
import { REDACTED } from '../../platform/redaction';
import { RECORDING_FORMAT, RECORDING_FORMAT_VERSION, type Recording, type RecordingEntry } from './recordingFormat';
import { parseRecording, parseRecordingText } from './recordingSchema';
import { compareRedactedStates, describeChanges, replayRecording } from './replay';

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, note: '' },
  reducers: {
    incremented(state) {
      state.value += 1;
    },
    noted(state, action: { payload: string }) {
      state.note = action.payload;
    },
    exploded() {
      throw new Error('cannot read the new field');
    },
  },
});
const reducer = combineSlices(counter);
type State = ReturnType<typeof reducer>;

const entry = (action: UnknownAction, changed: string[] = ['counter'], at = 0): RecordingEntry => ({
  at,
  action: action as RecordingEntry['action'],
  changed,
});

function recording(actions: RecordingEntry[], overrides: Partial<Recording> = {}): Recording {
  return {
    format: RECORDING_FORMAT,
    formatVersion: RECORDING_FORMAT_VERSION,
    appVersion: '1.0.0',
    startedAt: '2026-01-01T00:00:00.000Z',
    savedAt: '2026-01-01T00:01:00.000Z',
    page: '/loanmanager/register/',
    firstStep: 0,
    initialState: { counter: { value: 0, note: '' } },
    actions,
    ...overrides,
  };
}

const run = (rec: Recording, options: { until?: number; appVersion?: string } = {}) =>
  replayRecording<State>(rec, { reducer, appVersion: '1.0.0', keepStates: true, ...options });

test('applies the actions in order, telling what each changed, and stops where asked', () => {
  const rec = recording([entry(counter.actions.incremented(), ['counter'], 10), entry(counter.actions.noted('hi'), ['counter'], 25), entry(counter.actions.incremented())]);
  const full = run(rec);
  expect(full.failure).toBeNull();
  expect(full.finalState.counter).toEqual({ value: 2, note: 'hi' });
  expect(full.steps.map((step) => [step.step, step.type, step.changes])).toEqual([
    [1, 'counter/incremented', ['counter.value = 1']],
    [2, 'counter/noted', ['counter.note = "hi"']],
    [3, 'counter/incremented', ['counter.value = 2']],
  ]);
  expect(full.states).toHaveLength(4);
  expect(run(rec, { until: 1 }).finalState.counter.value).toBe(1);
});

test('a reducer that throws names the first action that failed, without a stack trace', () => {
  const rec = recording([entry(counter.actions.incremented()), entry(counter.actions.exploded()), entry(counter.actions.incremented())]);
  const result = run(rec, { appVersion: '2.0.0' });
  expect(result.failure).toEqual({
    step: 2,
    type: 'counter/exploded',
    message:
      'Action #2 "counter/exploded" no longer replays (recorded on version 1.0.0, replayed on 2.0.0): the reducer threw "cannot read the new field".',
  });
  expect(result.finalState.counter.value).toBe(1);
  expect(result.failure?.message).not.toMatch(/\n\s+at /);
});

test('from an older version, an action no slice handles any more, or an unknown slice, stops the replay with a clear message', () => {
  const renamed = recording([entry(counter.actions.incremented()), entry({ type: 'counter/bumped' })]);
  expect(run(renamed, { appVersion: '2.0.0' }).failure?.message).toBe(
    'Action #2 "counter/bumped" changes nothing in this build; when recorded it changed counter (recorded on version 1.0.0, replayed on 2.0.0): its action type is unknown now or its reducer changed.',
  );
  // same version: a warning only (a deliberate no-op may look the same)
  const same = run(renamed);
  expect(same.failure).toBeNull();
  expect(same.warnings).toHaveLength(1);

  const goneSlice = recording([entry({ type: 'wizard/opened' }, ['wizard'])]);
  expect(run(goneSlice, { appVersion: '2.0.0' }).failure?.message).toBe(
    'Action #1 "wizard/opened" no longer replays (recorded on version 1.0.0, replayed on 2.0.0): it changed the slice "wizard", which this build does not have.',
  );
  const goneInitial = recording([], { initialState: { counter: { value: 0, note: '' }, wizard: {} } });
  expect(run(goneInitial, { appVersion: '2.0.0' }).failure).toMatchObject({ step: 0, message: expect.stringContaining('slice "wizard"') });
});

test('a keystroke into a masked field is no divergence: the mask hides the change', () => {
  const rec = recording([entry(counter.actions.noted(REDACTED)), entry(counter.actions.noted(REDACTED))]);
  const result = run(rec, { appVersion: '2.0.0' });
  expect(result.failure).toBeNull();
});

test('compares states after redaction and lists where they differ', () => {
  expect(compareRedactedStates({ form: { password: 'a', name: 'Ada' } }, { form: { password: 'b', name: 'Ada' } })).toEqual([]);
  expect(compareRedactedStates({ form: { name: 'Ada', list: [1] } }, { form: { name: 'Bob', list: [1, 2] } })).toEqual([
    'form.name: "Ada", expected "Bob"',
    'form.list: 1 items, expected 2',
  ]);
  expect(describeChanges({ a: { b: { c: { d: 1 } } } }, { a: { b: { c: { d: 2 } } } })).toEqual(['a.b.c']);
});

test('a file that is not a recording, or of another format version, is refused in plain words', () => {
  expect(parseRecordingText('{oops')).toEqual({ ok: false, message: 'This file is not JSON, so it cannot be a recording.' });
  expect(parseRecording({ hello: 1 })).toMatchObject({ ok: false, message: expect.stringContaining('not a Loan Manager recording') });
  expect(parseRecording({ ...recording([]), formatVersion: 2 })).toEqual({
    ok: false,
    message: 'This recording has format version 2; this build reads format version 1 (the recording was made by a newer build).',
  });
  expect(parseRecording({ ...recording([]), actions: [{ at: 0, action: {}, changed: [] }] })).toMatchObject({
    ok: false,
    message: expect.stringContaining('actions[0].action.type'),
  });
  expect(parseRecording(JSON.parse(JSON.stringify(recording([entry(counter.actions.incremented())]))))).toMatchObject({ ok: true });
});
