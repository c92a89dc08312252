/**
 * The 'profile' widget's feature: its slice(s) and its sagas as a download. Its own module, apart
 * from the widget's entry (profileWidget.entry.ts), so the full store (src/app/featureOfWidget.ts, and
 * with it the root reducer, the node replay script) can take it without the widget's components.
 */
import { api } from '../../api/baseApi';
import type { Feature } from '../../state/feature';
import { profileSlice } from './profileSlice';

export const feature = {
  name: 'profile',
  // the API cache too: its first view reads go-green's status there (src/api/goGreenStatusCache.ts)
  slices: [profileSlice, api],
  sagas: () => import(/* webpackChunkName: "flows-profile" */ './profileSaga').then((module) => [module.profileSaga]),
} satisfies Feature;
