import { verifyEmailSaga } from '../../features/verifyEmail/verifyEmailSaga';
import { verifyEmailSlice } from '../../features/verifyEmail/verifyEmailSlice';
import type { Feature } from '../feature';

export const verifyEmailFeature: Feature = { name: 'verify-email', slices: [verifyEmailSlice], sagas: [verifyEmailSaga] };
