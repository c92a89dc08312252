/**
 * The page store's reducer: the API cache and the snackbar from the start, every feature slice
 * injected when its widget's chunk arrives. Its state type is the complete RootState (typed
 * hooks and selectors stay as they are): a widget renders only after its slice is injected.
 */
import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { snackbarSlice } from '../components/Snackbar/snackbarSlice';
import type { RootState } from './rootReducer';

/** The slices injected per feature (types only: nothing of a feature is imported here). */
export type LazyLoadedSlices = Omit<RootState, typeof api.reducerPath | typeof snackbarSlice.reducerPath>;

/** A fresh reducer for each store: injecting into one store never changes another. */
export function createLazyReducer() {
  return combineSlices(api, snackbarSlice).withLazyLoadedSlices<LazyLoadedSlices>();
}
