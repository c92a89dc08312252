/**
 * The full store: every feature's slice and saga (tests, the QA recorder and replay). A page of
 * widgets builds its store with `makePageStore` (pageStore.ts) instead, which holds only the
 * features of the widgets on the page.
 */
import { createAppStore, type MakeStoreOptions } from './createAppStore';
import { ALL_FEATURES } from './featureOfWidget';
import * as flows from './flows';
import { rootReducer, type RootState } from './rootReducer';

export { defaultDependencies, type AppDispatch, type AppStore, type MakeStoreOptions } from './createAppStore';

/**
 * The one full-store factory: tests make one per test; a recording page (QA) one per page. Its
 * reducer is the shared root reducer, which already holds every feature's slice.
 */
export function makeStore(options: MakeStoreOptions = {}) {
  return createAppStore({ ...options, reducer: rootReducer, features: ALL_FEATURES, flows });
}

export type { RootState };
