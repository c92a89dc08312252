/**
 * The 'login' widget's feature: its slice(s) and its sagas as a download. Its own module, apart
 * from the widget's entry (loginWidget.entry.ts), so the full store (src/app/featureOfWidget.ts, and
 * with it the root reducer, the node replay script) can take it without the widget's components.
 */
import type { Feature } from '../../state/feature';
import { loginSlice } from './loginSlice';

export const feature = {
  name: 'login',
  slices: [loginSlice],
  sagas: () => import(/* webpackChunkName: "flows-login" */ './loginSaga').then((module) => [module.loginSaga]),
} satisfies Feature;
