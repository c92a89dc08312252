import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { snackbarSlice } from '../components/Snackbar/snackbarSlice';
import { goGreenSlice } from '../features/goGreen/goGreenSlice';
import { loginSlice } from '../features/login/loginSlice';
import { requestPasswordResetSlice } from '../features/passwordReset/requestPasswordResetSlice';
import { resetPasswordSlice } from '../features/passwordReset/resetPasswordSlice';
import { popupsSlice } from '../features/popups/popupsSlice';
import { profileSlice } from '../features/profile/profileSlice';
import { recoverUsernameSlice } from '../features/recoverUsername/recoverUsernameSlice';
import { registrationSlice } from '../features/registration/registrationSlice';
import { verifyEmailSlice } from '../features/verifyEmail/verifyEmailSlice';

/** Every slice of the one store. The replay tool rebuilds exactly this reducer. */
export const rootReducer = combineSlices(
  api,
  snackbarSlice,
  registrationSlice,
  recoverUsernameSlice,
  requestPasswordResetSlice,
  resetPasswordSlice,
  verifyEmailSlice,
  loginSlice,
  goGreenSlice,
  profileSlice,
  popupsSlice,
);

export type RootState = ReturnType<typeof rootReducer>;
