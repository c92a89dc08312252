import { loginSlice } from '../../features/login/loginSlice';
import type { Feature } from '../feature';

export const loginFeature: Feature = {
  name: 'login',
  slices: [loginSlice],
  sagas: () => import(/* webpackChunkName: "flows-login" */ '../../features/login/loginSaga').then((module) => [module.loginSaga]),
};
