/**
 * What every widget loader (registry.ts) does with the entry module it downloaded: adds the
 * entry's `feature` to the page store (which injects its slices before the widget renders, and
 * downloads its sagas with the flows), then hands the module over. The page store comes with the
 * widget runtime, not the loader's first bytes: registry.ts ships in loanmanager-widgets.js, so
 * the store is imported here on demand, from the chunk that already holds it.
 */
import type { ComponentType } from 'react';
import type { Feature } from '../lib/feature';

export interface WidgetEntry {
  readonly feature: Feature;
  readonly default: ComponentType;
}

export function withPageFeature<M extends WidgetEntry>(entry: Promise<M>): Promise<M> {
  return Promise.all([entry, import(/* webpackChunkName: "widget-runtime" */ '../app/pageStore')]).then(([module, { addPageFeature }]) => {
    addPageFeature(module.feature);
    return module;
  });
}
