/**
 * What runs a store's flows: RTK Query (the API cache and its middleware) and redux-saga. None of
 * it is needed to draw a widget's first view, so a page downloads it after that view
 * (pageStore.ts, issue 8); the full store (store.ts) starts it at once.
 */
import type { Dispatch, Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { runSaga, stdChannel } from 'redux-saga';
import { api } from '../api/baseApi';
import { DEPENDENCIES_CONTEXT, type PortalDependencies } from '../platform/dependencies';
import type { FeatureSaga, FeatureSlice } from './feature';
import type { RootState } from './rootReducer';
import type { ActionBuffer, SagaHost } from './sagaHost';
import { supervise } from './sagaSupervisor';

export interface FlowsStore {
  dispatch: Dispatch;
  getState(): RootState;
  /** Adds the API cache's slice to the store's reducer (no-op when it already holds it). */
  injectSlice(slice: FeatureSlice): void;
  /** Adds the API middleware at its place in the chain. */
  addApiMiddleware(middleware: Middleware): void;
}

/** Installs RTK Query in the store: its cache slice, its middleware, its focus/online listeners. */
export function installApi(store: FlowsStore) {
  store.injectSlice(api);
  store.addApiMiddleware(api.middleware);
  setupListeners(store.dispatch);
}

/**
 * Starts one saga on a channel of its own (a crash is reported and stops only that saga), then
 * hands it what happened while it was loading. Connected before it runs, so it sees its own puts.
 */
export function startSaga(store: FlowsStore, host: SagaHost, dependencies: PortalDependencies, saga: FeatureSaga, buffer?: ActionBuffer) {
  const channel = stdChannel();
  const missed = buffer?.close() ?? [];
  host.connect(channel);
  runSaga(
    {
      channel,
      dispatch: store.dispatch,
      getState: store.getState,
      context: { [DEPENDENCIES_CONTEXT]: dependencies },
      onError: (error) => dependencies.reporter.report(error, { where: 'saga' }),
    },
    supervise,
    saga,
  );
  for (const action of missed) channel.put(action);
}
