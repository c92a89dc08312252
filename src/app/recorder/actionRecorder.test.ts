import type { Middleware } from '@reduxjs/toolkit';
import { accountApi } from '../../api/accountApi';
import { messageShown } from '../../state/snackbarSlice';
import { mockApi } from '../../testing/mockApi';
import { REDACTED } from '../../platform/redaction';
import { rootReducer, type RootState } from '../rootReducer';
import { makeStore } from '../fullStore';
import { createActionRecorder } from './actionRecorder';
import { APP_VERSION } from './appVersion';
import { RECORDING_FORMAT, RECORDING_FORMAT_VERSION } from './recordingFormat';
import { parseRecording } from './recordingSchema';
import { compareRedactedStates, replayRecording } from './replay';
import { selectTestForm, testFormFeature, testFormSlice } from './recorderTestKit';

const { fieldChanged, submitted } = testFormSlice.actions;

const SECRETS = {
  password: 'Tr0ub4dor&3',
  ssn: '987654321',
  dob: '1980-02-29',
  nonce: 'nonce-5f2b9c',
  captcha: 'captcha-token-77aa',
  initialPassword: 'Initial-Secret9!',
};

function recordingStore(options: { limit?: number; middleware?: Middleware[]; preloadedState?: Partial<RootState> } = {}) {
  let clock = 1000;
  const recorder = createActionRecorder({ reducer: rootReducer, limit: options.limit, now: () => clock, page: () => '/loanmanager/register/?nonce=abc&x=1' });
  const store = makeStore({
    runSagas: false,
    moreFeatures: [testFormFeature],
    preloadedState: options.preloadedState,
    reducerSideMiddleware: [recorder.middleware, ...(options.middleware ?? [])],
  });
  recorder.start();
  return { recorder, store, tick: (ms: number) => void (clock += ms) };
}

function expectNoSecrets(text: string) {
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

test('keeps every action with its time offset, the app and format versions and the starting state', () => {
  const { recorder, store, tick } = recordingStore();
  tick(120);
  store.dispatch(fieldChanged({ firstname: 'A' }));
  tick(80);
  store.dispatch(fieldChanged({ firstname: 'Ad' }));
  const recording = recorder.toRecording();
  expect(recording).toMatchObject({ format: RECORDING_FORMAT, formatVersion: RECORDING_FORMAT_VERSION, appVersion: APP_VERSION, firstStep: 0 });
  expect(recording.page).toBe(`/loanmanager/register/?nonce=${REDACTED}&x=1`);
  // the language the widgets were in, for the replay (English unless the page said otherwise)
  expect(recording.locale).toBe('en');
  expect(recording.actions.map(({ at, action, changed }) => ({ at, type: action.type, changed }))).toEqual([
    { at: 120, type: 'qaTestForm/fieldChanged', changed: ['qaTestForm'] },
    { at: 200, type: 'qaTestForm/fieldChanged', changed: ['qaTestForm'] },
  ]);
  expect(parseRecording(JSON.parse(JSON.stringify(recording)))).toMatchObject({ ok: true });
  const replayed = replayRecording(recording, { reducer: rootReducer });
  expect(compareRedactedStates(replayed.finalState, store.getState())).toEqual([]);
});

test('never keeps a password, SSN, date of birth, nonce or captcha token: keystrokes, RTK Query arguments, initial state', async () => {
  mockApi({ 'POST account/register/': { status: 200, body: { available_loans: [] } } });
  const preloadedState = {
    qaTestForm: { ...testFormSlice.getInitialState(), values: { firstname: 'Ada', password: SECRETS.initialPassword, ssn: '', dob: '' } },
  } as unknown as Partial<RootState>;
  const { recorder, store } = recordingStore({ preloadedState });
  store.dispatch(fieldChanged({ password: SECRETS.password }));
  store.dispatch(fieldChanged({ ssn: SECRETS.ssn }));
  store.dispatch(fieldChanged({ dob: SECRETS.dob }));
  store.dispatch(submitted());
  await store
    .dispatch(
      accountApi.endpoints.register.initiate({
        firstname: 'Ada',
        lastname: 'Lovelace',
        username: 'ada',
        password: SECRETS.password,
        email: 'ada@example.test',
        loanno: '0123456789',
        ssn: SECRETS.ssn,
        dob: SECRETS.dob,
        remember_this_browser: false,
        recaptcha_response: SECRETS.captcha,
      }),
    )
    .unwrap();
  await store.dispatch(accountApi.endpoints.validateNonce.initiate({ nonce: SECRETS.nonce }));

  const recording = recorder.toRecording();
  const text = JSON.stringify(recording);
  expectNoSecrets(text);
  expectNoSecrets(JSON.stringify(recorder.state()));
  expect(selectTestForm(store.getState()).values.password).toBe(SECRETS.password);
  expect(recording.initialState).toMatchObject({ qaTestForm: { values: { firstname: 'Ada', password: REDACTED } } });
  const pending = recording.actions.find((entry) => entry.action.type === 'api/executeMutation/pending');
  expect(pending?.action.meta).toMatchObject({ arg: { originalArgs: { firstname: 'Ada', password: REDACTED, ssn: REDACTED, dob: REDACTED, recaptcha_response: REDACTED } } });
});

test("drops RTK Query's Request and Response from the kept actions", async () => {
  mockApi({ 'POST account/validate_nonce/': { status: 200, body: {} } });
  const { recorder, store } = recordingStore();
  await store.dispatch(accountApi.endpoints.validateNonce.initiate({ nonce: SECRETS.nonce }));
  const fulfilled = recorder.toRecording().actions.find((entry) => entry.action.type === 'api/executeMutation/fulfilled');
  expect(fulfilled).toBeDefined();
  expect(fulfilled?.action.meta).not.toHaveProperty('baseQueryMeta');
  expect(fulfilled?.action.meta).toMatchObject({ arg: { originalArgs: { nonce: REDACTED } } });
});

test('keeps only the last N actions, folding older ones into the initial state so the replay still ends where the store is', () => {
  const { recorder, store } = recordingStore({ limit: 3 });
  for (const firstname of ['A', 'Ad', 'Ada', 'Ada ', 'Ada L']) store.dispatch(fieldChanged({ firstname }));
  store.dispatch(messageShown('Saved', 'success'));
  const recording = recorder.toRecording();
  expect(recording.actions).toHaveLength(3);
  expect(recording.firstStep).toBe(3);
  expect(recording.initialState).toMatchObject({ qaTestForm: { values: { firstname: 'Ada' } } });
  const replayed = replayRecording(recording, { reducer: rootReducer });
  expect(replayed.failure).toBeNull();
  expect(compareRedactedStates(replayed.finalState, store.getState())).toEqual([]);
});

test('an action dispatched while another is handled (a saga put) is kept after it, each with what it changed', () => {
  const likeASaga: Middleware = (api) => (next) => (action) => {
    const result = next(action);
    if (submitted.match(action)) api.dispatch(messageShown('Please correct the errors', 'error'));
    return result;
  };
  const { recorder, store } = recordingStore({ middleware: [likeASaga] });
  store.dispatch(submitted());
  const recording = recorder.toRecording();
  expect(recording.actions.map(({ action, changed }) => [action.type, changed])).toEqual([
    ['qaTestForm/submitted', ['qaTestForm']],
    ['snackbar/messageShown', ['snackbar']],
  ]);
  expect(compareRedactedStates(replayRecording(recording, { reducer: rootReducer }).finalState, store.getState())).toEqual([]);
});

test('records nothing before start()', () => {
  const recorder = createActionRecorder({ reducer: rootReducer });
  const store = makeStore({ runSagas: false, moreFeatures: [testFormFeature], reducerSideMiddleware: [recorder.middleware] });
  store.dispatch(fieldChanged({ firstname: 'Before' }));
  expect(recorder.isRecording()).toBe(false);
  recorder.start();
  expect(recorder.size()).toBe(0);
  expect(recorder.toRecording().initialState).toMatchObject({ qaTestForm: { values: { firstname: 'Before' } } });
});
