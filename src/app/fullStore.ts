/**
 * The full store, a call of the one factory (createAppStore.ts): every feature's slice and saga, the
 * flows at hand and started at once (tests, the QA recorder and replay). A page of widgets makes its
 * store with the same factory (`makePageStore`, src/firstView/pageStore.ts): only the features of the
 * widgets on the page, the flows downloaded after the first view.
 */
import { createAppStore, type MakeStoreOptions } from './createAppStore';
import { ALL_FEATURES } from './featureOfWidget';
import * as flows from './flows';
import type { Feature } from '../state/feature';

export { defaultDependencies, type AppDispatch, type AppStore, type MakeStoreOptions } from './createAppStore';
export type { RootState } from './rootReducer';

export interface FullStoreOptions extends MakeStoreOptions {
  /** Features besides every widget's: a test's own (the recorder's test form). */
  moreFeatures?: readonly Feature[];
}

/** Tests make one per test; a recording page (QA) one per page. */
export function makeStore({ moreFeatures = [], ...options }: FullStoreOptions = {}) {
  return createAppStore({ ...options, features: [...ALL_FEATURES, ...moreFeatures], flows, flowsStart: 'at once' });
}
