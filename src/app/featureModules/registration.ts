import { registrationSlice } from '../../features/registration/registrationSlice';
import type { Feature } from '../feature';

export const registrationFeature: Feature = {
  name: 'registration',
  slices: [registrationSlice],
  sagas: () => import(/* webpackChunkName: "flows-registration" */ '../../features/registration/registrationSaga').then((module) => [module.registrationSaga]),
};
