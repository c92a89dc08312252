/**
 * The 'popups' widget's feature: its slice(s) and its sagas as a download. Its own module, apart
 * from the widget's entry (popupsWidget.entry.ts), so the full store (src/app/featureOfWidget.ts, and
 * with it the root reducer, the node replay script) can take it without the widget's components.
 */
import type { Feature } from '../../state/feature';
import { popupsSlice } from './popupsSlice';

export const feature = {
  name: 'popups',
  slices: [popupsSlice],
  sagas: () => import(/* webpackChunkName: "flows-popups" */ './popupsSaga').then((module) => [module.popupsSaga]),
} satisfies Feature;
