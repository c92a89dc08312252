/**
 * The 'registration' widget's feature: its slice(s) and its sagas as a download. Its own module, apart
 * from the widget's entry (registrationWidget.entry.ts), so the full store (src/app/featureOfWidget.ts, and
 * with it the root reducer, the node replay script) can take it without the widget's components.
 */
import type { Feature } from '../../state/feature';
import { registrationSlice } from './registrationSlice';

export const feature = {
  name: 'registration',
  slices: [registrationSlice],
  sagas: () => import(/* webpackChunkName: "flows-registration" */ './registrationSaga').then((module) => [module.registrationSaga]),
} satisfies Feature;
