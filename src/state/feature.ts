/**
 * A feature as the store sees it: the slice(s) its widget reads and the saga(s) that run its
 * flows. Each widget's entry module (`src/features/<feature>/<name>Widget.entry.ts`) exports its
 * `feature`; the page store holds only the features of the widgets mounted on the page (the
 * registry's loader adds each, src/widgets/registry.ts), the full store (tests, QA recording and
 * replay) holds them all (src/app/featureOfWidget.ts). Types only: here in src/lib so a feature
 * may name them (features never import src/app).
 */
import type { Reducer } from '@reduxjs/toolkit';

export interface FeatureSlice {
  readonly reducerPath: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any slice's reducer
  readonly reducer: Reducer<any>;
}

export type FeatureSaga = () => Generator;

export interface Feature {
  /** The widget's registry name, e.g. 'registration'. */
  readonly name: string;
  readonly slices: readonly FeatureSlice[];
  /**
   * Started once per store, however many widgets (or features) share them. A widget's entry
   * gives them as a download: they arrive with the flows, after the widget's first view; the
   * full store has them at once (src/app/featureOfWidget.ts).
   */
  readonly sagas: readonly FeatureSaga[] | (() => Promise<readonly FeatureSaga[]>);
}

/** A feature whose sagas are at hand (the full store's, src/app/featureOfWidget.ts). */
export interface FeatureWithSagas extends Feature {
  readonly sagas: readonly FeatureSaga[];
}
