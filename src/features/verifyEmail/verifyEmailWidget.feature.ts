/**
 * The 'verify-email' widget's feature: its slice(s) and its sagas as a download. Its own module, apart
 * from the widget's entry (verifyEmailWidget.entry.ts), so the full store (src/app/featureOfWidget.ts, and
 * with it the root reducer, the node replay script) can take it without the widget's components.
 */
import type { Feature } from '../../state/feature';
import { verifyEmailSlice } from './verifyEmailSlice';

export const feature = {
  name: 'verify-email',
  slices: [verifyEmailSlice],
  sagas: () => import(/* webpackChunkName: "flows-verify-email" */ './verifyEmailSaga').then((module) => [module.verifyEmailSaga]),
} satisfies Feature;
