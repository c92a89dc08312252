import { goGreenSlice } from '../../features/goGreen/goGreenSlice';
import type { Feature } from '../feature';

export const goGreenFeature: Feature = {
  name: 'go-green',
  slices: [goGreenSlice],
  sagas: () => import(/* webpackChunkName: "flows-go-green" */ '../../features/goGreen/goGreenSaga').then((module) => [module.goGreenSaga]),
};
