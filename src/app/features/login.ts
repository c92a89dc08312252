import { loginSaga } from '../../features/login/loginSaga';
import { loginSlice } from '../../features/login/loginSlice';
import type { Feature } from '../feature';

export const loginFeature: Feature = { name: 'login', slices: [loginSlice], sagas: [loginSaga] };
