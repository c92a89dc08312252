/**
 * The one store factory: every store, a borrower's page (src/firstView/pageStore.ts), a test's
 * (`makeStore`, fullStore.ts; renderWithProviders), QA recording's and replay's, is made here, as RTK's
 * templates make it (`configureStore`, RTK Query's and redux-saga's middleware in their places), with
 * one reducer (storeReducer.ts: features injected as they are added) and one flows lifecycle
 * (flowsLifecycle.ts). What differs is data: which features, the flows at hand or downloaded, and
 * when they start.
 */
import { configureStore, createDynamicMiddleware, type Middleware, type Reducer } from '@reduxjs/toolkit';
import type { ApiExtra } from '../api/baseApi';
import { createCaptchaProvider } from '../platform/captcha';
import { createNavigation } from '../platform/navigation';
import { defaultConfig } from '../platform/config';
import type { PortalDependencies } from '../platform/dependencies';
import { memoryStorage } from '../platform/memoryStorage';
import { devToolsOptions } from '../platform/devtools';
import { createErrorReporter } from '../platform/errorReporting';
import type { Feature, FeatureSlice } from '../state/feature';
import { flowsLifecycle, type FlowsSource } from './flowsLifecycle';
import type { RootState } from './rootReducer';
import { createStoreReducer } from './storeReducer';

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  dependencies?: Partial<PortalDependencies>;
  /** Extra middleware placed before RTK Query's and redux-saga's, e.g. the replay gate. */
  middleware?: Middleware[];
  /**
   * Middleware placed after RTK Query's and before redux-saga's: it sees exactly the
   * actions that reach the reducers (RTK Query hands some straight to `next`, and swallows its
   * own probes). The QA action recorder sits here.
   */
  reducerSideMiddleware?: Middleware[];
  /** Tests of reducers alone can leave the sagas off. */
  runSagas?: boolean;
}

export interface CreateAppStoreOptions extends MakeStoreOptions {
  /** Injected before the store is made (their slices are in its first state); more with `injectFeature`. */
  features: readonly Feature[];
  /** The flows at hand (installed as the store is made) or their download. */
  flows: FlowsSource;
  /** 'at once': the sagas start as the store is made; 'after the first view': when `startFlows` is called (WidgetShell). */
  flowsStart: 'at once' | 'after the first view';
}

export function defaultDependencies(overrides: Partial<PortalDependencies> = {}): PortalDependencies {
  const config = overrides.config ?? defaultConfig();
  return {
    config,
    navigation: overrides.navigation ?? createNavigation(),
    captcha: overrides.captcha ?? createCaptchaProvider(config),
    reporter: overrides.reporter ?? createErrorReporter(config),
    sessionStore: overrides.sessionStore ?? (typeof window !== 'undefined' ? window.sessionStorage : memoryStorage()),
  };
}

export function createAppStore(options: CreateAppStoreOptions) {
  const { features, flows: source, flowsStart, preloadedState, middleware = [], reducerSideMiddleware = [], runSagas = true } = options;
  const dependencies = defaultDependencies(options.dependencies);
  const extra: ApiExtra = { config: dependencies.config, reporter: dependencies.reporter };
  // typed as the complete RootState: a widget's selectors run only once its slice is injected
  const reducer = createStoreReducer() as unknown as Reducer<RootState> & { inject(slice: FeatureSlice): unknown };
  const lifecycle = flowsLifecycle(source);
  // RTK Query's and redux-saga's middleware, added when the flows are installed (flows.ts)
  const apiSlot = createDynamicMiddleware();
  const sagaSlot = createDynamicMiddleware();
  for (const feature of features) for (const slice of feature.slices) reducer.inject(slice);
  const store = configureStore({
    reducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .concat(middleware)
        .concat(apiSlot.middleware)
        .concat(reducerSideMiddleware)
        .concat(sagaSlot.middleware)
        .concat(lifecycle.middleware),
    devTools: devToolsOptions(dependencies.config),
  });

  function injectSlices(slices: readonly FeatureSlice[]) {
    const missing = slices.filter((slice) => !(slice.reducerPath in store.getState()));
    if (missing.length === 0) return;
    for (const slice of missing) reducer.inject(slice);
    // the REPLACE action gives the new slices their initial state before anything renders them
    store.replaceReducer(reducer);
  }

  const flows = lifecycle.connect({
    dispatch: store.dispatch,
    getState: store.getState,
    injectSlice: (slice) => injectSlices([slice]),
    addApiMiddleware: (apiMiddleware) => apiSlot.addMiddleware(apiMiddleware),
    addSagaMiddleware: (sagaMiddleware) => sagaSlot.addMiddleware(sagaMiddleware),
    dependencies,
    runSagas,
  });

  /** Adds a feature: its slices at once, its sagas (each once per store) when the flows start. Idempotent. */
  function injectFeature(feature: Feature) {
    injectSlices(feature.slices);
    if (runSagas) flows.featureAdded(feature);
  }

  if (flowsStart === 'at once') void flows.startFlows();
  for (const feature of features) injectFeature(feature);
  return Object.assign(store, { dependencies, injectFeature, startFlows: flows.startFlows, holdFlows: flows.holdFlows });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
