/**
 * The store as RTK's templates make it: `configureStore`, with RTK Query's and redux-saga's
 * middleware in their places. One seam differs (`FlowsSeam`): when the flows (flows.ts: RTK
 * Query's cache and redux-saga) are installed and each feature's sagas started. The full store
 * (store.ts) installs them at once; a page's store (src/firstView) after its first view.
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
import type { Feature, FeatureSlice } from '../lib/feature';
import type { FlowsStore } from './flows';
import type { RootState } from './rootReducer';

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

/** A reducer slices can be injected into (combineSlices' `inject`). */
export interface InjectableReducer extends Reducer<RootState> {
  inject(slice: FeatureSlice): unknown;
}

/** What a seam gets of the store: the flows install into it (flows.ts). */
interface SeamStore extends FlowsStore {
  dependencies: PortalDependencies;
  /** false: the sagas never run (tests of reducers alone). */
  runSagas: boolean;
}

/** When the flows start, and each feature's sagas. */
export interface FlowsSeam {
  /** Placed last, right before the reducers. */
  middleware: Middleware[];
  connect(store: SeamStore): {
    /** A feature's slices are in the store: start its sagas (once each), now or when the flows are up. */
    featureAdded(feature: Feature): void;
    /** The first view is up: resolves once every feature added so far runs its sagas. */
    startFlows(): Promise<void>;
    /** Keeps the flows from starting until the returned release is called. */
    holdFlows(): () => void;
  };
}

export interface CreateAppStoreOptions extends MakeStoreOptions {
  reducer: InjectableReducer;
  /** Injected before the store is made (their slices are in its first state). */
  features: readonly Feature[];
  seam: FlowsSeam;
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
  const { reducer, features, seam, preloadedState, middleware = [], reducerSideMiddleware = [], runSagas = true } = options;
  const dependencies = defaultDependencies(options.dependencies);
  const extra: ApiExtra = { config: dependencies.config, reporter: dependencies.reporter };
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
        .concat(seam.middleware),
    devTools: devToolsOptions(dependencies.config),
  });

  function injectSlices(slices: readonly FeatureSlice[]) {
    const missing = slices.filter((slice) => !(slice.reducerPath in store.getState()));
    if (missing.length === 0) return;
    for (const slice of missing) reducer.inject(slice);
    // the REPLACE action gives the new slices their initial state before anything renders them
    store.replaceReducer(reducer);
  }

  const flows = seam.connect({
    dispatch: store.dispatch,
    getState: store.getState,
    injectSlice: (slice) => injectSlices([slice]),
    addApiMiddleware: (apiMiddleware) => apiSlot.addMiddleware(apiMiddleware),
    addSagaMiddleware: (sagaMiddleware) => sagaSlot.addMiddleware(sagaMiddleware),
    dependencies,
    runSagas,
  });

  /** Adds a feature: its slices at once, its sagas (each once per store) as the seam says. Idempotent. */
  function injectFeature(feature: Feature) {
    injectSlices(feature.slices);
    if (runSagas) flows.featureAdded(feature);
  }

  for (const feature of features) injectFeature(feature);
  return Object.assign(store, { dependencies, injectFeature, startFlows: flows.startFlows, holdFlows: flows.holdFlows });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
