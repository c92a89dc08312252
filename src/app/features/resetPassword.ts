import { passwordResetSaga } from '../../features/passwordReset/passwordResetSaga';
import { resetPasswordSlice } from '../../features/passwordReset/resetPasswordSlice';
import type { Feature } from '../feature';

/** Shares its saga with request-password-reset: on a page with both, it runs once. */
export const resetPasswordFeature: Feature = { name: 'reset-password', slices: [resetPasswordSlice], sagas: [passwordResetSaga] };
