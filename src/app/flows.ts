/**
 * What runs a store's flows: RTK Query (the API cache and its middleware) and redux-saga. None of
 * it is needed to draw a widget's first view, so a page downloads it after that view
 * (pageStore.ts, issue 8); the full store (fullStore.ts) starts it at once.
 *
 * redux-saga runs on its own middleware (`createSagaMiddleware`, added to the store's dynamic
 * middleware here), with one root saga that `spawn`s each feature's root watcher under
 * `supervise`: a crash is reported and stops only that feature. A saga monitor can attach in
 * development (src/platform/devtools.ts).
 */
import type { Dispatch, Middleware, UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware, { channel as createChannel, stdChannel, type Channel, type MulticastChannel } from 'redux-saga';
import { spawn, take } from 'redux-saga/effects';
import { api, installEndpointSchemas } from '../api/baseApi';
import { ENDPOINT_SCHEMAS } from '../api/endpointSchemas';
import { DEPENDENCIES_CONTEXT, type PortalDependencies } from '../platform/dependencies';
import { sagaMonitorOf } from '../platform/sagaMonitor';
import type { FeatureSaga, FeatureSlice } from '../state/feature';
import type { RootState } from './rootReducer';
import { supervise } from './sagaSupervisor';

export interface FlowsStore {
  dispatch: Dispatch;
  getState(): RootState;
  /** Adds the API cache's slice to the store's reducer (no-op when it already holds it). */
  injectSlice(slice: FeatureSlice): void;
  /** Adds the API middleware at its place in the chain. */
  addApiMiddleware(middleware: Middleware): void;
  /** Adds redux-saga's middleware at its place in the chain. */
  addSagaMiddleware(middleware: Middleware): void;
}

/** Installs RTK Query in the store: its cache slice, its middleware, its focus/online listeners, the contract's schemas. */
export function installApi(store: FlowsStore) {
  installEndpointSchemas(ENDPOINT_SCHEMAS);
  store.injectSlice(api);
  store.addApiMiddleware(api.middleware);
  setupListeners(store.dispatch);
}

/** Marks an action handed again to the sagas that start late (only they take it). */
const REPLAYED_FOR = Symbol('replayedFor');
type Replayed = UnknownAction & { [REPLAYED_FOR]?: object };

/**
 * redux-saga's standard channel, with one addition: actions a feature missed while its sagas
 * downloaded can be put again for that feature's sagas only. Every take is tagged with the
 * feature starting when it was made (none, for the sagas already running); a replayed action
 * reaches only the takes of its feature.
 */
function createReplayingChannel() {
  const shared = stdChannel<Replayed>();
  let starting: object | null = null;
  const channel: MulticastChannel<Replayed> = {
    ...shared,
    take(cb, matcher = () => true) {
      const owner = starting;
      shared.take(cb, (input) => {
        const replayedFor = input[REPLAYED_FOR];
        return (replayedFor === undefined || replayedFor === owner) && matcher(input);
      });
    },
  };
  /** Runs `start` (which starts sagas synchronously), then hands them, and only them, `missed`. */
  function startWith(start: () => void, missed: readonly UnknownAction[]) {
    const owner = {};
    starting = owner;
    try {
      start();
      for (const action of missed) shared.put({ ...action, [REPLAYED_FOR]: owner });
    } finally {
      starting = null;
    }
  }
  return { channel, startWith };
}

/** The one root saga: each feature's watcher it is handed is spawned, supervised. */
function* rootSaga(starts: Channel<FeatureSaga>): Generator {
  for (;;) {
    const saga = (yield take(starts)) as FeatureSaga;
    yield spawn(supervise, saga);
  }
}

export interface SagaRuntime {
  /** Starts these watchers now, and hands them every action they missed while they downloaded. */
  start(sagas: readonly FeatureSaga[], missed?: readonly UnknownAction[]): void;
}

/** Adds redux-saga's middleware to the store and runs the root saga. */
export function installSagas(store: FlowsStore, dependencies: PortalDependencies): SagaRuntime {
  const { channel, startWith } = createReplayingChannel();
  const sagaMiddleware = createSagaMiddleware({
    channel,
    context: { [DEPENDENCIES_CONTEXT]: dependencies },
    sagaMonitor: sagaMonitorOf(dependencies.config),
    onError: (error) => dependencies.reporter.report(error, { where: 'saga' }),
  });
  store.addSagaMiddleware(sagaMiddleware);
  // The dynamic middleware mounts it on the store's next dispatch; binding it to the store now
  // lets the sagas start at once (no action can pass before that dispatch, so none is missed).
  sagaMiddleware({ dispatch: store.dispatch, getState: store.getState });
  const starts = createChannel<FeatureSaga>();
  sagaMiddleware.run(rootSaga, starts);
  return {
    start(sagas, missed = []) {
      startWith(() => {
        for (const saga of sagas) starts.put(saga);
      }, missed);
    },
  };
}
