import { verifyEmailSlice } from '../../features/verifyEmail/verifyEmailSlice';
import type { Feature } from '../feature';

export const verifyEmailFeature: Feature = {
  name: 'verify-email',
  slices: [verifyEmailSlice],
  sagas: () => import(/* webpackChunkName: "flows-verify-email" */ '../../features/verifyEmail/verifyEmailSaga').then((module) => [module.verifyEmailSaga]),
};
