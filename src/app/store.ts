/**
 * The full store: every feature's slice and saga (tests, the QA recorder and replay). A page of
 * widgets builds its store with `makePageStore` (src/firstView/pageStore.ts) instead, which holds
 * only the features of the widgets on the page and starts its flows after the first view.
 */
import { createAppStore, type FlowsSeam, type MakeStoreOptions } from './createAppStore';
import { ALL_FEATURES } from './featureOfWidget';
import * as flows from './flows';
import { rootReducer, type RootState } from './rootReducer';
import type { FeatureSaga } from '../lib/feature';

export { defaultDependencies, type AppDispatch, type AppStore, type MakeStoreOptions } from './createAppStore';

/** The flows installed as the store is made; each feature's sagas started as it is added (once each). */
const flowsAtOnce: FlowsSeam = {
  middleware: [],
  connect(store) {
    flows.installApi(store);
    const sagas = store.runSagas ? flows.installSagas(store, store.dependencies) : null;
    const started = new Set<FeatureSaga>();
    const starting = new Set<Promise<void>>();
    const start = (list: readonly FeatureSaga[]) => {
      const fresh = list.filter((saga) => !started.has(saga));
      for (const saga of fresh) started.add(saga);
      sagas?.start(fresh);
    };
    return {
      featureAdded({ name, sagas: featureSagas }) {
        if (typeof featureSagas !== 'function') return start(featureSagas);
        const loaded = featureSagas().then(start, (error: unknown) => store.dependencies.reporter.report(error, { flow: 'loadFlows', feature: name }));
        starting.add(loaded);
        void loaded.finally(() => starting.delete(loaded));
      },
      startFlows: () => Promise.all([...starting]).then(() => undefined),
      holdFlows: () => () => undefined,
    };
  },
};

/**
 * The one full-store factory: tests make one per test; a recording page (QA) one per page. Its
 * reducer is the shared root reducer, which already holds every feature's slice.
 */
export function makeStore(options: MakeStoreOptions = {}) {
  return createAppStore({ ...options, reducer: rootReducer, features: ALL_FEATURES, seam: flowsAtOnce });
}

export type { RootState };
