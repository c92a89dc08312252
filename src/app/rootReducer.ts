import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { snackbarSlice } from '../state/snackbarSlice';
import { FEATURE_OF_WIDGET } from './featureOfWidget';

/**
 * Every slice of the one store: the API cache, the snackbar and the slices of every widget's
 * feature (featureOfWidget.ts, one per catalog row), so a new widget's slice cannot be left out.
 * Each entry's `feature` keeps its slices' own types (`satisfies Feature`), so the union of them
 * below gives combineSlices, and `RootState`, each slice's exact path and state.
 * The replay tool rebuilds exactly this reducer.
 */
type FeatureSliceOfWidget = (typeof FEATURE_OF_WIDGET)[keyof typeof FEATURE_OF_WIDGET]['slices'][number];

const featureSlices = Object.values(FEATURE_OF_WIDGET).flatMap((feature): readonly FeatureSliceOfWidget[] => feature.slices);

export const rootReducer = combineSlices(api, snackbarSlice, ...featureSlices);

export type RootState = ReturnType<typeof rootReducer>;
