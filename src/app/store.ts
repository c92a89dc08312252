import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware from 'redux-saga';
import type { ApiExtra } from '../api/baseApi';
import { api } from '../api/baseApi';
import { createCaptchaProvider } from '../captcha/captcha';
import { defaultConfig } from './config';
import { DEPENDENCIES_CONTEXT, type PortalDependencies } from './dependencies';
import { devToolsOptions } from './devtools';
import { createErrorReporter } from './errorReporting';
import { createNavigation } from '../lib/navigation';
import { rootReducer, type RootState } from './rootReducer';
import { rootSaga } from './rootSaga';

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

/** The one store factory: the app makes one per page (shared by all its widgets), tests one per test. */
export function makeStore({
  preloadedState,
  dependencies,
  middleware = [],
  reducerSideMiddleware = [],
  runSagas = true,
}: MakeStoreOptions = {}) {
  const deps = defaultDependencies(dependencies);
  const sagaMiddleware = createSagaMiddleware({
    context: { [DEPENDENCIES_CONTEXT]: deps },
    onError: (error) => deps.reporter.report(error, { where: 'saga' }),
  });
  const extra: ApiExtra = { config: deps.config };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .concat(middleware)
        .concat(api.middleware)
        .concat(reducerSideMiddleware)
        .concat(sagaMiddleware),
    devTools: devToolsOptions(deps.config),
  });
  if (runSagas) sagaMiddleware.run(rootSaga);
  setupListeners(store.dispatch);
  return Object.assign(store, { dependencies: deps });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
