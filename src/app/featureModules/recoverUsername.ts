import { recoverUsernameSlice } from '../../features/recoverUsername/recoverUsernameSlice';
import type { Feature } from '../feature';

export const recoverUsernameFeature: Feature = {
  name: 'recover-username',
  slices: [recoverUsernameSlice],
  sagas: () => import(/* webpackChunkName: "flows-recover-username" */ '../../features/recoverUsername/recoverUsernameSaga').then((module) => [module.recoverUsernameSaga]),
};
