/**
 * The 'session-timeout' widget's feature: its slice and its saga as a download. Its own module,
 * apart from the widget's entry (sessionTimeoutWidget.entry.ts), so the full store can take it
 * without the widget's components.
 */
import type { Feature } from '../../state/feature';
import { sessionTimeoutSlice } from './sessionTimeoutSlice';

export const feature = {
  name: 'session-timeout',
  slices: [sessionTimeoutSlice],
  sagas: () =>
    import(/* webpackChunkName: "flows-session-timeout" */ './sessionTimeoutSaga').then((module) => [module.sessionTimeoutSaga]),
} satisfies Feature;
