import { profileSlice } from '../../features/profile/profileSlice';
import type { Feature } from '../feature';

export const profileFeature: Feature = {
  name: 'profile',
  slices: [profileSlice],
  sagas: () => import(/* webpackChunkName: "flows-profile" */ '../../features/profile/profileSaga').then((module) => [module.profileSaga]),
};
