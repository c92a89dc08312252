/**
 * The page store's reducer: the snackbar from the start, every feature slice injected when its
 * widget's chunk arrives (the API cache with a feature that reads it, e.g. go-green's), else when the flows arrive (flows.ts). Its state type is the complete RootState (typed
 * hooks and selectors stay as they are): a widget renders only after its slice is injected.
 */
import { combineSlices } from '@reduxjs/toolkit';
import { snackbarSlice } from '../components/Snackbar/snackbarSlice';
import type { RootState } from '../app/rootReducer';

/** The slices injected later (types only: nothing of a feature or of RTK Query is imported here). */
export type LazyLoadedSlices = Omit<RootState, typeof snackbarSlice.reducerPath>;

/** A fresh reducer for each store: injecting into one store never changes another. */
export function createLazyReducer() {
  return combineSlices(snackbarSlice).withLazyLoadedSlices<LazyLoadedSlices>();
}
