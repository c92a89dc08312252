import { profileSaga } from '../../features/profile/profileSaga';
import { profileSlice } from '../../features/profile/profileSlice';
import type { Feature } from '../feature';

export const profileFeature: Feature = { name: 'profile', slices: [profileSlice], sagas: [profileSaga] };
