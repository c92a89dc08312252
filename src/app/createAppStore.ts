/**
 * The store factory without any feature in it: `makeStore` (store.ts) builds the full store
 * from it, `makePageStore` (pageStore.ts) a page's store that features are injected into.
 */
import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware from 'redux-saga';
import type { ApiExtra } from '../api/baseApi';
import { api } from '../api/baseApi';
import { createCaptchaProvider } from '../captcha/captcha';
import { createNavigation } from '../lib/navigation';
import { defaultConfig } from './config';
import { DEPENDENCIES_CONTEXT, type PortalDependencies } from './dependencies';
import { devToolsOptions } from './devtools';
import { createErrorReporter } from './errorReporting';
import type { Feature, FeatureSaga, FeatureSlice } from './feature';
import type { RootState } from './rootReducer';
import { supervise } from './sagaSupervisor';

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  dependencies?: Partial<PortalDependencies>;
  /** Extra middleware placed before the saga middleware (e.g. the action recorder). */
  middleware?: Middleware[];
  /**
   * Middleware placed after RTK Query's and before the saga middleware: it sees exactly the
   * actions that reach the reducers (RTK Query hands some straight to `next`, and swallows its
   * own probes). The QA action recorder sits here.
   */
  reducerSideMiddleware?: Middleware[];
  /** Tests of reducers alone can leave the sagas off. */
  runSagas?: boolean;
}

/** A reducer slices can be injected into (combineSlices' `inject`). */
export interface InjectableReducer extends Reducer<RootState> {
  inject(slice: FeatureSlice): unknown;
}

export interface CreateAppStoreOptions extends MakeStoreOptions {
  reducer: InjectableReducer;
  /** Injected before the store is made (their slices are in its first state). */
  features: readonly Feature[];
}

const memoryStorage = (): PortalDependencies['sessionStore'] => {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

export function defaultDependencies(overrides: Partial<PortalDependencies> = {}): PortalDependencies {
  const config = overrides.config ?? defaultConfig();
  return {
    config,
    navigation: overrides.navigation ?? createNavigation(),
    captcha: overrides.captcha ?? createCaptchaProvider(config),
    reporter: overrides.reporter ?? createErrorReporter(config),
    sessionStore: overrides.sessionStore ?? (typeof window !== 'undefined' ? window.sessionStorage : memoryStorage()),
    confirm: overrides.confirm ?? ((question) => window.confirm(question)),
  };
}

export function createAppStore({
  reducer,
  features,
  preloadedState,
  dependencies,
  middleware = [],
  reducerSideMiddleware = [],
  runSagas = true,
}: CreateAppStoreOptions) {
  const deps = defaultDependencies(dependencies);
  const sagaMiddleware = createSagaMiddleware({
    context: { [DEPENDENCIES_CONTEXT]: deps },
    onError: (error) => deps.reporter.report(error, { where: 'saga' }),
  });
  const extra: ApiExtra = { config: deps.config };
  for (const feature of features) for (const slice of feature.slices) reducer.inject(slice);
  const store = configureStore({
    reducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .concat(middleware)
        .concat(api.middleware)
        .concat(reducerSideMiddleware)
        .concat(sagaMiddleware),
    devTools: devToolsOptions(deps.config),
  });

  const startedSagas = new Set<FeatureSaga>();
  /**
   * Adds a feature to this store: its slices (the state holds them at once) and its sagas
   * (each started once, however often it is injected). Idempotent.
   */
  function injectFeature(feature: Feature) {
    const missing = feature.slices.filter((slice) => !(slice.reducerPath in store.getState()));
    if (missing.length > 0) {
      for (const slice of missing) reducer.inject(slice);
      // the REPLACE action gives the new slices their initial state before anything renders them
      store.replaceReducer(reducer);
    }
    if (!runSagas) return;
    for (const saga of feature.sagas) {
      if (startedSagas.has(saga)) continue;
      startedSagas.add(saga);
      sagaMiddleware.run(supervise, saga);
    }
  }
  for (const feature of features) injectFeature(feature);
  setupListeners(store.dispatch);
  return Object.assign(store, { dependencies: deps, injectFeature });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
