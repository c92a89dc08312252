/**
 * The store factory without any feature in it: `makeStore` (store.ts) builds the full store
 * from it, `makePageStore` (pageStore.ts) a page's store that features are injected into.
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
import type { Feature, FeatureSaga, FeatureSlice } from '../lib/feature';
import type * as Flows from './flows';
import type { RootState } from './rootReducer';
import { createActionBuffers, type ActionBuffer } from './actionBuffer';

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

export interface CreateAppStoreOptions extends MakeStoreOptions {
  reducer: InjectableReducer;
  /** Injected before the store is made (their slices are in its first state). */
  features: readonly Feature[];
  /**
   * The flows runtime (flows.ts): the module itself (the full store: started at once), or its
   * download (a page: started by `startFlows`, after the first view).
   */
  flows: typeof Flows | (() => Promise<typeof Flows>);
}

/** The longest a hold keeps the flows waiting (`holdFlows`). */
export const FLOWS_HOLD_MAX_MS = 5000;

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

export function createAppStore({
  reducer,
  features,
  flows,
  preloadedState,
  dependencies,
  middleware = [],
  reducerSideMiddleware = [],
  runSagas = true,
}: CreateAppStoreOptions) {
  const deps = defaultDependencies(dependencies);
  const extra: ApiExtra = { config: deps.config, reporter: deps.reporter };
  const apiSlot = createDynamicMiddleware();
  // redux-saga's middleware arrives with the flows; until then (and for features whose sagas
  // still download) the buffers keep every action for them
  const sagaSlot = createDynamicMiddleware();
  const buffers = createActionBuffers();
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
        .concat(buffers.middleware),
    devTools: devToolsOptions(deps.config),
  });

  function injectSlices(slices: readonly FeatureSlice[]) {
    const missing = slices.filter((slice) => !(slice.reducerPath in store.getState()));
    if (missing.length === 0) return;
    for (const slice of missing) reducer.inject(slice);
    // the REPLACE action gives the new slices their initial state before anything renders them
    store.replaceReducer(reducer);
  }

  const flowsStore: Flows.FlowsStore = {
    dispatch: store.dispatch,
    getState: store.getState,
    injectSlice: (slice) => injectSlices([slice]),
    addApiMiddleware: (apiMiddleware) => apiSlot.addMiddleware(apiMiddleware),
    addSagaMiddleware: (sagaMiddleware) => sagaSlot.addMiddleware(sagaMiddleware),
  };
  let runtime: typeof Flows | null = null;
  let sagaRuntime: Flows.SagaRuntime | null = null;
  let runtimeLoading: Promise<typeof Flows> | null = null;
  const startedSagas = new Set<FeatureSaga>();

  function install(module: typeof Flows) {
    runtime = module;
    module.installApi(flowsStore);
    if (runSagas) sagaRuntime = module.installSagas(flowsStore, deps);
    return module;
  }

  /** Starts a feature's sagas: at once when they and the flows are at hand, else once both have downloaded. */
  function startSagas(feature: Feature, buffer?: ActionBuffer): Promise<void> {
    const start = (sagas: readonly FeatureSaga[]) => {
      const missed = buffer?.close() ?? [];
      const fresh = sagas.filter((saga) => !startedSagas.has(saga));
      for (const saga of fresh) startedSagas.add(saga);
      sagaRuntime?.start(fresh, missed);
    };
    if (runtime && typeof feature.sagas !== 'function') return Promise.resolve(start(feature.sagas));
    const { sagas } = feature;
    // asked for once the flows are evaluated, stage by stage: asked for beside them, the feature's
    // sagas evaluated the flows' packages in the task their files arrived in (bench/RESULTS.md, section 5)
    return loadFlows().then(() => (typeof sagas === 'function' ? sagas() : sagas)).then(
      (loaded) => start(loaded),
      (error: unknown) => {
        buffer?.close();
        deps.reporter.report(error, { flow: 'loadFlows', feature: feature.name });
      },
    );
  }

  function loadFlows(): Promise<typeof Flows> {
    if (runtime) return Promise.resolve(runtime);
    if (typeof flows !== 'function') return Promise.resolve(install(flows));
    runtimeLoading ??= flows().then(install);
    return runtimeLoading;
  }

  const waiting: Array<{ feature: Feature; buffer: ActionBuffer }> = [];
  const starting = new Set<Promise<void>>();
  let flowsWanted = false;
  function track(started: Promise<void>) {
    starting.add(started);
    void started.finally(() => starting.delete(started));
  }

  let holds = 0;
  const resumeOnRelease: Array<() => void> = [];

  /**
   * Keeps the flows from starting until the returned release is called (each release counts
   * once), or at most `FLOWS_HOLD_MAX_MS`: a first view still arriving on screen (a widget being
   * mounted, a dialog's opening animation). Once the flows have started, a hold changes nothing.
   */
  function holdFlows(): () => void {
    if (flowsWanted) return () => undefined;
    holds += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(longest);
      holds -= 1;
      if (holds === 0) for (const resume of resumeOnRelease.splice(0)) resume();
    };
    // a first view that never arrives (its widget failed) does not keep the page's flows away for good
    const longest = setTimeout(release, FLOWS_HOLD_MAX_MS);
    return release;
  }

  /**
   * The page's first view is up: the flows download and the features' sagas start (once no hold
   * is left). Idempotent; resolves once every feature injected so far runs its sagas (or its
   * download failed, reported).
   */
  function startFlows(): Promise<void> {
    if (!flowsWanted && holds > 0) return new Promise<void>((resume) => resumeOnRelease.push(resume)).then(startFlows);
    if (!flowsWanted) {
      flowsWanted = true;
      track(loadFlows().then(() => undefined, (error: unknown) => deps.reporter.report(error, { flow: 'loadFlows' })));
      for (const { feature, buffer } of waiting.splice(0)) track(startSagas(feature, buffer));
    }
    return Promise.all([...starting]).then(() => undefined);
  }

  /**
   * Adds a feature to this store: its slices (the state holds them at once) and its sagas
   * (each started once, however often it is injected; until they run, they are owed every
   * action from now on). Idempotent.
   */
  function injectFeature(feature: Feature) {
    injectSlices(feature.slices);
    if (!runSagas) return;
    const atHand = runtime !== null && typeof feature.sagas !== 'function';
    if (flowsWanted) track(startSagas(feature, atHand ? undefined : buffers.open()));
    else waiting.push({ feature, buffer: buffers.open() });
  }

  if (typeof flows !== 'function') {
    install(flows);
    flowsWanted = true;
  }
  for (const feature of features) injectFeature(feature);
  return Object.assign(store, { dependencies: deps, injectFeature, startFlows, holdFlows });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
