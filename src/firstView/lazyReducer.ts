/**
 * The page store's reducer: the snackbar and the page's first answers (src/api/firstAnswers.ts) from the start, every feature slice injected when its
 * widget's chunk arrives, the API cache when the flows arrive (flows.ts). Its state type is the complete RootState (typed
 * hooks and selectors stay as they are): a widget renders only after its slice is injected.
 */
import { combineSlices } from '@reduxjs/toolkit';
import { firstAnswersSlice } from '../api/firstAnswers';
import { snackbarSlice } from '../components/Snackbar/snackbarSlice';
import type { RootState } from '../app/rootReducer';

/** The slices injected later (types only: nothing of a feature or of RTK Query is imported here). */
export type LazyLoadedSlices = Omit<RootState, typeof snackbarSlice.reducerPath | typeof firstAnswersSlice.reducerPath>;

/** A fresh reducer for each store: injecting into one store never changes another. */
export function createLazyReducer() {
  return combineSlices(snackbarSlice, firstAnswersSlice).withLazyLoadedSlices<LazyLoadedSlices>();
}
