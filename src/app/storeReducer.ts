/**
 * Every store's reducer (createAppStore.ts): the snackbar from the start, every feature slice injected
 * as its feature is added (before the store is made, or when a widget's chunk arrives on a page), the
 * API cache with a feature that reads it (go-green's, profile's) or with the flows (flows.ts). Its state
 * type is the complete RootState (typed hooks and selectors stay as they are): a widget renders only
 * after its slice is injected.
 */
import { combineSlices } from '@reduxjs/toolkit';
import { snackbarSlice } from '../state/snackbarSlice';
import type { RootState } from './rootReducer';

/** The slices injected later (types only: nothing of a feature or of RTK Query is imported here). */
type LazyLoadedSlices = Omit<RootState, typeof snackbarSlice.reducerPath>;

/** A fresh reducer for each store: injecting into one store never changes another. */
export function createStoreReducer() {
  return combineSlices(snackbarSlice).withLazyLoadedSlices<LazyLoadedSlices>();
}
