import { popupsSlice } from '../../features/popups/popupsSlice';
import type { Feature } from '../feature';

export const popupsFeature: Feature = {
  name: 'popups',
  slices: [popupsSlice],
  sagas: () => import(/* webpackChunkName: "flows-popups" */ '../../features/popups/popupsSaga').then((module) => [module.popupsSaga]),
};
