import { resetPasswordSlice } from '../../features/passwordReset/resetPasswordSlice';
import type { Feature } from '../feature';

/** Shares its saga with request-password-reset: on a page with both, it runs once. */
export const resetPasswordFeature: Feature = {
  name: 'reset-password',
  slices: [resetPasswordSlice],
  sagas: () => import(/* webpackChunkName: "flows-password-reset" */ '../../features/passwordReset/passwordResetSaga').then((module) => [module.passwordResetSaga]),
};
