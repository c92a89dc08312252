/**
 * The 'reset-password' widget's feature: its slice(s) and its sagas as a download. Its own module, apart
 * from the widget's entry (resetPasswordWidget.entry.ts), so the full store (src/app/featureOfWidget.ts, and
 * with it the root reducer, the node replay script) can take it without the widget's components.
 */
import type { Feature } from '../../state/feature';
import { resetPasswordSlice } from './resetPasswordSlice';

export const feature = {
  name: 'reset-password',
  slices: [resetPasswordSlice],
  // shares its saga (and its chunk) with request-password-reset: on a page with both, it runs once
  sagas: () => import(/* webpackChunkName: "flows-password-reset" */ './passwordResetSaga').then((module) => [module.passwordResetSaga]),
} satisfies Feature;
