/**
 * What every widget loader (registry.ts) does with the entry module it downloaded: adds the
 * entry's `feature` to the page store (which injects its slices before the widget renders, and
 * downloads its sagas with the flows), then hands the module over. The page store comes with the
 * widget runtime, not the loader's first bytes: registry.ts ships in loanmanager-widgets.js, so
 * the store is imported here on demand, from the chunk that already holds it.
 */
import type { Messages } from '@lingui/core';
import type { ComponentType } from 'react';
import type { Feature } from '../state/feature';
import { isPseudoPage } from '../platform/i18n/pageLocale';
import type { MessagesNamespace } from '../platform/i18n/widgetMessages';

export interface WidgetEntry {
  readonly feature: Feature;
  readonly default: ComponentType;
}

/** A widget's part of the catalog as the page shows it: in the pseudo-locale for QA, transformed (its own chunk). */
function pageMessages(namespace: MessagesNamespace): Promise<{ default: Messages }> {
  const messages = import(/* webpackChunkName: "i18n-catalogs" */ '../platform/i18n/widgetMessages').then(({ loadMessages }) =>
    loadMessages(namespace),
  );
  if (!isPseudoPage()) return messages;
  return Promise.all([messages, import(/* webpackChunkName: "i18n-pseudo" */ '../platform/i18n/pseudo')]).then(
    ([catalog, { pseudoMessages }]) => ({ default: pseudoMessages(catalog.default) }),
  );
}

/** …and adds the widget's part of the catalog (its own texts and the shared ones) to the page's language. */
export function withPageFeature<M extends WidgetEntry>(entry: Promise<M>, namespace: MessagesNamespace): Promise<M> {
  return Promise.all([
    entry,
    pageMessages(namespace),
    import(/* webpackChunkName: "widget-runtime" */ '../firstView/pageStore'),
    import(/* webpackChunkName: "widget-runtime" */ '../platform/i18n/pageI18n'),
  ]).then(([module, catalog, { addPageFeature }, { addPageMessages }]) => {
    addPageMessages(catalog.default);
    addPageFeature(module.feature);
    return module;
  });
}

/** A module of the pages layer (the portal): only its part of the catalog, no feature. */
export function withPageMessages<M>(module: Promise<M>, namespace: MessagesNamespace): Promise<M> {
  return Promise.all([module, pageMessages(namespace), import(/* webpackChunkName: "widget-runtime" */ '../platform/i18n/pageI18n')]).then(
    ([loaded, catalog, { addPageMessages }]) => {
      addPageMessages(catalog.default);
      return loaded;
    },
  );
}
