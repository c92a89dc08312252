/** Verify email: the nonce of the page's address -> POST anon-user/verify_email/ -> verified or error. */
import { put, takeLeading } from 'redux-saga/effects';
import { accountApi } from '../../api/accountApi';
import { callMutation } from '../../api/sagaCall';
import { isUnexpectedFailure, reportIfUnexpected } from '../../sagas/submissionFlow';
import { verifyEmailActions } from './verifyEmailSlice';

// takeLeading: a nonce works once, so a second mount while the first call runs must not spend it again.
function* verify(action: ReturnType<typeof verifyEmailActions.opened | typeof verifyEmailActions.verificationRetried>) {
  const { nonce } = action.payload;
  if (!nonce) {
    yield put(verifyEmailActions.verificationFailed());
    return;
  }
  try {
    yield* callMutation(accountApi.endpoints.verifyEmail, { nonce });
    yield put(verifyEmailActions.verified());
  } catch (error) {
    // a 4xx is the server's answer (the spec's failure text); a 5xx or no answer says nothing of the link
    yield put(isUnexpectedFailure(error) ? verifyEmailActions.verificationUnchecked() : verifyEmailActions.verificationFailed());
    yield* reportIfUnexpected(error, 'verifyEmail');
  }
}

export function* verifyEmailSaga() {
  yield takeLeading([verifyEmailActions.opened.type, verifyEmailActions.verificationRetried.type], verify);
}
