import { call, getContext, spawn } from 'redux-saga/effects';
import { goGreenSaga } from '../features/goGreen/goGreenSaga';
import { loginSaga } from '../features/login/loginSaga';
import { passwordResetSaga } from '../features/passwordReset/passwordResetSaga';
import { popupsSaga } from '../features/popups/popupsSaga';
import { profileSaga } from '../features/profile/profileSaga';
import { recoverUsernameSaga } from '../features/recoverUsername/recoverUsernameSaga';
import { registrationSaga } from '../features/registration/registrationSaga';
import { verifyEmailSaga } from '../features/verifyEmail/verifyEmailSaga';
import { DEPENDENCIES_CONTEXT, type PortalDependencies } from './dependencies';

export const featureSagas = [
  registrationSaga,
  recoverUsernameSaga,
  passwordResetSaga,
  verifyEmailSaga,
  loginSaga,
  goGreenSaga,
  profileSaga,
  popupsSaga,
];

/** Each feature's watcher is spawned: a crash in one is reported and does not stop the others. */
export function* rootSaga(sagas: ReadonlyArray<() => Generator> = featureSagas) {
  for (const saga of sagas) {
    yield spawn(function* supervised() {
      try {
        yield call(saga);
      } catch (error) {
        const dependencies = (yield getContext(DEPENDENCIES_CONTEXT)) as PortalDependencies;
        dependencies.reporter.report(error, { saga: saga.name });
      }
    });
  }
}
