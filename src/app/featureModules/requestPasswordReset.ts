import { requestPasswordResetSlice } from '../../features/passwordReset/requestPasswordResetSlice';
import type { Feature } from '../feature';

/** Shares its saga with reset-password: on a page with both, it runs once. */
export const requestPasswordResetFeature: Feature = {
  name: 'request-password-reset',
  slices: [requestPasswordResetSlice],
  sagas: () => import(/* webpackChunkName: "flows-password-reset" */ '../../features/passwordReset/passwordResetSaga').then((module) => [module.passwordResetSaga]),
};
