/**
 * A page's one store (src/widgets/mountWidget.tsx), a call of the one factory (src/app/createAppStore.ts):
 * it starts with the snackbar only; each widget's loader adds its feature (src/widgets/withPageFeature.ts)
 * and the store injects its slices before the widget renders. The flows (RTK Query, redux-saga and each
 * feature's sagas) download once the first view is up and no part of it holds them (src/app/flowsLifecycle.ts;
 * the holds are the first view's: hydration.tsx, dialogHold.ts).
 */
import { createAppStore, type MakeStoreOptions } from '../app/createAppStore';
import { nextTask } from '../platform/nextTask';
import type { Feature } from '../state/feature';

type Listener = (feature: Feature) => void;

export interface PageFeatures {
  /** A widget's chunk calls this as it loads; the same feature twice is one feature. */
  add(feature: Feature): void;
  /** Calls `listener` for every feature added so far and every later one; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
  list(): readonly Feature[];
}

export function createPageFeatures(): PageFeatures {
  const features: Feature[] = [];
  const listeners = new Set<Listener>();
  return {
    add(feature) {
      if (features.includes(feature)) return;
      features.push(feature);
      for (const listener of listeners) listener(feature);
    },
    subscribe(listener) {
      listeners.add(listener);
      for (const feature of [...features]) listener(feature);
      return () => void listeners.delete(listener);
    },
    list: () => [...features],
  };
}

/** The features of this page's widgets (one list per page, like the store). */
export const pageFeatures = createPageFeatures();

/** Adds a widget's feature to the page: the page store injects it at once (or when it is made). */
export function addPageFeature(feature: Feature) {
  pageFeatures.add(feature);
}

export interface MakePageStoreOptions extends MakeStoreOptions {
  /** Where its features come from (default: the page's). */
  features?: PageFeatures;
}

/**
 * The flows in three tasks (their packages, the API's definitions, the runtime): in one, they were a
 * 139 ms task at 4x CPU after main/'s first view (bench/RESULTS.md, "Main-thread tasks").
 */
const downloadFlows = () =>
  import(/* webpackChunkName: "flows" */ './flowsStages/packages')
    .then(nextTask)
    .then(() => import(/* webpackChunkName: "flows" */ './flowsStages/api'))
    .then(nextTask)
    .then(() => import(/* webpackChunkName: "flows" */ '../app/flows'));

export function makePageStore({ features = pageFeatures, ...options }: MakePageStoreOptions = {}) {
  const store = createAppStore({ ...options, features: features.list(), flows: downloadFlows, flowsStart: 'after the first view' });
  features.subscribe(store.injectFeature);
  return store;
}
