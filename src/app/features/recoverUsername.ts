import { recoverUsernameSaga } from '../../features/recoverUsername/recoverUsernameSaga';
import { recoverUsernameSlice } from '../../features/recoverUsername/recoverUsernameSlice';
import type { Feature } from '../feature';

export const recoverUsernameFeature: Feature = {
  name: 'recover-username',
  slices: [recoverUsernameSlice],
  sagas: [recoverUsernameSaga],
};
