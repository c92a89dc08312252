/**
 * The 'recover-username' widget's feature: its slice(s) and its sagas as a download. Its own module, apart
 * from the widget's entry (recoverUsernameWidget.entry.ts), so the full store (src/app/featureOfWidget.ts, and
 * with it the root reducer, the node replay script) can take it without the widget's components.
 */
import type { Feature } from '../../state/feature';
import { recoverUsernameSlice } from './recoverUsernameSlice';

export const feature = {
  name: 'recover-username',
  slices: [recoverUsernameSlice],
  sagas: () => import(/* webpackChunkName: "flows-recover-username" */ './recoverUsernameSaga').then((module) => [module.recoverUsernameSaga]),
} satisfies Feature;
