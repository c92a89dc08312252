import { waitFor } from '@testing-library/react';
import { createSlice } from '@reduxjs/toolkit';
import { put, takeEvery } from 'redux-saga/effects';
import { messageShown } from '../state/snackbarSlice';
import { recordingNavigation, recordingReporter } from '../testing/renderWithProviders';
import { feature as loginFeature } from '../features/login/loginWidget.feature';
import { feature as requestPasswordResetFeature } from '../features/passwordReset/requestPasswordResetWidget.feature';
import { feature as resetPasswordFeature } from '../features/passwordReset/resetPasswordWidget.feature';
import type { Feature, FeatureSaga } from '../state/feature';
import { ALL_FEATURES } from '../app/featureOfWidget';
import { FLOWS_HOLD_MAX_MS } from '../app/flowsLifecycle';
import { createPageFeatures, makePageStore } from './pageStore';
import { rootReducer } from '../app/rootReducer';
import { makeStore } from '../app/fullStore';

const quiet = () => ({ reporter: recordingReporter().reporter, navigation: recordingNavigation().navigation });

/** A feature whose saga counts its starts and answers each ping once per running copy. */
function pingFeature(name = 'ping') {
  const starts: string[] = [];
  const slice = createSlice({
    name: 'ping',
    initialState: { pongs: 0 },
    reducers: { ponged: (state) => void (state.pongs += 1) },
  });
  function* pingSaga() {
    starts.push(name);
    yield takeEvery('ping/pinged', function* answer() {
      yield put(slice.actions.ponged());
    });
  }
  const feature: Feature = { name, slices: [slice], sagas: [pingSaga] };
  const pongs = (state: unknown) => (state as { ping?: { pongs: number } }).ping?.pongs;
  return { feature, starts, pongs, slice, pingSaga };
}

describe('makePageStore', () => {
  it('starts with the snackbar only; the API cache comes with the flows, after the first view', async () => {
    const store = makePageStore({ features: createPageFeatures(), dependencies: quiet() });
    expect(Object.keys(store.getState()).sort()).toEqual(['snackbar']);
    store.dispatch(messageShown('hello'));
    expect(store.getState().snackbar.messages).toHaveLength(1);
    await store.startFlows();
    expect(Object.keys(store.getState()).sort()).toEqual(['api', 'snackbar']);
    expect(store.getState().snackbar.messages).toHaveLength(1);
  });

  it('a saga that downloads after the first view still sees every action since its widget appeared, in order', async () => {
    const features = createPageFeatures();
    const store = makePageStore({ features, dependencies: quiet() });
    const seen: string[] = [];
    function* watcher() {
      yield takeEvery((action: { type: string }) => action.type.startsWith('typed/'), function* record(action: { type: string }) {
        seen.push(action.type);
        yield put({ type: 'echo/said' });
      });
    }
    let arrive: (sagas: FeatureSaga[]) => void = () => undefined;
    const download = new Promise<FeatureSaga[]>((resolve) => (arrive = resolve));
    features.add({ name: 'late', slices: [], sagas: () => download });
    store.dispatch({ type: 'typed/first' });
    const started = store.startFlows();
    store.dispatch({ type: 'typed/second' });
    expect(seen).toEqual([]);
    arrive([watcher]);
    await started;
    expect(seen).toEqual(['typed/first', 'typed/second']);
    store.dispatch({ type: 'typed/third' });
    expect(seen).toEqual(['typed/first', 'typed/second', 'typed/third']);
  });

  it('a feature added later gets what it missed while downloading; the sagas already running see each action once', async () => {
    const features = createPageFeatures();
    const store = makePageStore({ features, dependencies: quiet() });
    const early: string[] = [];
    const late: string[] = [];
    const recorder = (seen: string[]) =>
      function* watch() {
        yield takeEvery((action: { type: string }) => action.type.startsWith('typed/'), function* record(action: { type: string }) {
          seen.push(action.type);
          yield put({ type: 'echo/said' });
        });
      };
    features.add({ name: 'early', slices: [], sagas: [recorder(early)] });
    await store.startFlows();
    let arrive: ((sagas: FeatureSaga[]) => void) | undefined;
    features.add({ name: 'late', slices: [], sagas: () => new Promise<FeatureSaga[]>((resolve) => (arrive = resolve)) });
    const started = store.startFlows();
    store.dispatch({ type: 'typed/first' });
    await waitFor(() => expect(arrive).toBeDefined());
    arrive?.([recorder(late)]);
    await started;
    store.dispatch({ type: 'typed/second' });
    expect(early).toEqual(['typed/first', 'typed/second']);
    expect(late).toEqual(['typed/first', 'typed/second']);
  });

  it('runs the sagas on redux-saga\'s own middleware, where a saga monitor can attach', async () => {
    const triggered: unknown[] = [];
    const monitorWindow = window as unknown as { __SAGA_MONITOR_EXTENSION__?: unknown };
    monitorWindow.__SAGA_MONITOR_EXTENSION__ = { effectTriggered: (effect: unknown) => void triggered.push(effect) };
    try {
      const features = createPageFeatures();
      const ping = pingFeature();
      features.add(ping.feature);
      const store = makePageStore({ features, dependencies: quiet() });
      await store.startFlows();
      store.dispatch({ type: 'ping/pinged' });
      expect(ping.pongs(store.getState())).toBe(1);
      // the root saga's spawn of the feature's watcher, the watcher's take and the answer's put
      expect(triggered.length).toBeGreaterThan(3);
    } finally {
      delete monitorWindow.__SAGA_MONITOR_EXTENSION__;
    }
  });

  it('no saga starts before the first view, however early its feature is added', async () => {
    const features = createPageFeatures();
    const ping = pingFeature();
    features.add(ping.feature);
    const store = makePageStore({ features, dependencies: quiet() });
    store.dispatch({ type: 'ping/pinged' });
    expect(ping.starts).toEqual([]);
    expect(ping.pongs(store.getState())).toBe(0);
    await store.startFlows();
    expect(ping.starts).toEqual(['ping']);
    // the ping sent before the saga ran is answered once it runs
    expect(ping.pongs(store.getState())).toBe(1);
  });

  it('a feature whose sagas fail to download is reported; the others carry on', async () => {
    const { reporter, reported } = recordingReporter();
    const features = createPageFeatures();
    const store = makePageStore({ features, dependencies: { ...quiet(), reporter } });
    features.add({ name: 'offline', slices: [], sagas: () => Promise.reject(new Error('chunk failed')) });
    const ping = pingFeature();
    features.add(ping.feature);
    await store.startFlows();
    expect(reported).toEqual([{ kind: 'report', what: new Error('chunk failed'), context: { flow: 'loadFlows', feature: 'offline' } }]);
    store.dispatch({ type: 'ping/pinged' });
    expect(ping.pongs(store.getState())).toBe(1);
  });

  it('injects the features added before it is made, and those added later, each at once', async () => {
    const features = createPageFeatures();
    features.add(loginFeature);
    const store = makePageStore({ features, dependencies: quiet() });
    expect(Object.keys(store.getState()).sort()).toEqual(['login', 'snackbar']);
    await store.startFlows();

    const ping = pingFeature();
    features.add(ping.feature);
    // the slice is in the state before any action of its own: a widget can render at once
    expect(ping.pongs(store.getState())).toBe(0);
    store.dispatch({ type: 'ping/pinged' });
    expect(ping.pongs(store.getState())).toBe(1);
    expect(Object.keys(store.getState()).sort()).toEqual(['api', 'login', 'ping', 'snackbar']);
  });

  it('two widgets of one kind (one feature added twice) start its saga once', async () => {
    const features = createPageFeatures();
    const ping = pingFeature();
    features.add(ping.feature);
    const store = makePageStore({ features, dependencies: quiet() });
    features.add(ping.feature);
    store.injectFeature(ping.feature);
    await store.startFlows();
    store.injectFeature(ping.feature);
    await store.startFlows();
    expect(ping.starts).toEqual(['ping']);
    store.dispatch({ type: 'ping/pinged' });
    expect(ping.pongs(store.getState())).toBe(1);
  });

  it('two features sharing a saga (request and reset password) start it once', async () => {
    const ping = pingFeature('first');
    const second: Feature = { name: 'second', slices: [], sagas: ping.feature.sagas };
    const features = createPageFeatures();
    const store = makePageStore({ features, dependencies: quiet() });
    features.add(ping.feature);
    features.add(second);
    await store.startFlows();
    expect(ping.starts).toEqual(['first']);
    store.dispatch({ type: 'ping/pinged' });
    expect(ping.pongs(store.getState())).toBe(1);
    const [requestSagas, resetSagas] = await Promise.all(
      [requestPasswordResetFeature, resetPasswordFeature].map((feature) => (typeof feature.sagas === 'function' ? feature.sagas() : feature.sagas)),
    );
    expect(requestSagas).toEqual(resetSagas);
  });

  it('each store injects into its own reducer: another page store is not changed', () => {
    const features = createPageFeatures();
    const first = makePageStore({ features, dependencies: quiet() });
    const second = makePageStore({ features: createPageFeatures(), dependencies: quiet() });
    features.add(loginFeature);
    expect(first.getState()).toHaveProperty('login');
    expect(second.getState()).not.toHaveProperty('login');
    second.dispatch(messageShown('x'));
    expect(second.getState()).not.toHaveProperty('login');
  });

  it('a crashing feature saga is reported; the store and other features carry on', async () => {
    const { reporter, reported } = recordingReporter();
    const features = createPageFeatures();
    const store = makePageStore({ features, dependencies: { ...quiet(), reporter } });
    function* crashingSaga() {
      yield takeEvery('crash/requested', () => {
        throw new Error('feature saga crashed');
      });
    }
    features.add({ name: 'crash', slices: [], sagas: [crashingSaga] });
    const ping = pingFeature();
    features.add(ping.feature);
    await store.startFlows();
    store.dispatch({ type: 'crash/requested' });
    expect(reported).toEqual([{ kind: 'report', what: new Error('feature saga crashed'), context: { saga: 'crashingSaga' } }]);
    store.dispatch({ type: 'ping/pinged' });
    expect(ping.pongs(store.getState())).toBe(1);
  });

  it('with runSagas: false, slices are injected and no saga starts', () => {
    const features = createPageFeatures();
    const ping = pingFeature();
    const store = makePageStore({ features, runSagas: false, dependencies: quiet() });
    features.add(ping.feature);
    expect(ping.pongs(store.getState())).toBe(0);
    expect(ping.starts).toEqual([]);
  });
});

describe('holding the flows while a first view is still arriving (a widget mounting, a dialog opening)', () => {
  const runsFlows = (store: { getState(): object }) => 'api' in store.getState();
  const aWhile = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('the flows wait while any hold is out, and start once the last is released (a release counts once)', async () => {
    const store = makePageStore({ features: createPageFeatures(), dependencies: quiet() });
    const releaseMounting = store.holdFlows();
    const releaseOpening = store.holdFlows();
    const started = store.startFlows();
    releaseMounting();
    releaseMounting();
    await aWhile();
    expect(runsFlows(store)).toBe(false);

    releaseOpening();
    await started;

    expect(runsFlows(store)).toBe(true);
  });

  it('a hold that is never released keeps them waiting FLOWS_HOLD_MAX_MS at most', async () => {
    jest.useFakeTimers();
    try {
      const store = makePageStore({ features: createPageFeatures(), dependencies: quiet() });
      store.holdFlows();
      const started = store.startFlows();
      await jest.advanceTimersByTimeAsync(FLOWS_HOLD_MAX_MS - 1);
      expect(runsFlows(store)).toBe(false);

      // let go, then the flows' stages, each from a task of its own
      await jest.advanceTimersByTimeAsync(100);
      await started;

      expect(runsFlows(store)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('once the flows run, a hold changes nothing', async () => {
    const features = createPageFeatures();
    const store = makePageStore({ features, dependencies: quiet() });
    await store.startFlows();
    store.holdFlows();
    const ping = pingFeature();
    features.add(ping.feature);

    await store.startFlows();

    expect(ping.starts).toEqual(['ping']);
  });
});

describe('the full store (tests, QA recording and replay)', () => {
  it('holds every slice of the root reducer', () => {
    const store = makeStore({ dependencies: quiet() });
    const expected = Object.keys(rootReducer(undefined, { type: '@@test/init' })).sort();
    expect(Object.keys(store.getState()).sort()).toEqual(expected);
  });

  it('its features are exactly the root reducer: every feature slice is in it, and nothing else', () => {
    // the API cache is the store's own; a feature that reads it (go-green, profile) brings it too
    const featureSlices = ALL_FEATURES.flatMap((feature) => feature.slices.map((slice) => slice.reducerPath)).filter((path) => path !== 'api');
    const state = rootReducer(undefined, { type: '@@test/init' });
    expect([...featureSlices, 'api', 'snackbar'].sort()).toEqual(Object.keys(state).sort());
    expect(new Set(featureSlices).size).toBe(featureSlices.length);
  });

  it('injecting a feature it already holds changes nothing', () => {
    const store = makeStore({ dependencies: quiet() });
    const before = store.getState();
    store.injectFeature(loginFeature);
    expect(store.getState()).toBe(before);
  });
});
