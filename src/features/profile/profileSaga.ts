/** Change email address: submit -> validity -> POST user/request_email_change/ -> what happens next. */
import { put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { api } from '../../api/baseApi';
import type { RequestEmailChangeResponse } from '../../api/contract';
import { goGreenApi } from '../../api/goGreenApi';
import { callMutation, callQueryAndKeep } from '../../api/sagaCall';
import { userApi } from '../../api/userApi';
import { reportIfUnexpected, startIfValid } from '../../lib/forms/submissionFlow';
import { PROFILE_MESSAGES, profileActions, profileForm, profilePageClosed, type ProfileValues } from './profileSlice';

function* submitEmailChange() {
  if (!(yield* startIfValid(profileForm))) return;
  const values = (yield select(profileForm.selectValues)) as ProfileValues;
  try {
    const response: RequestEmailChangeResponse = yield* callMutation(userApi.endpoints.requestEmailChange, {
      email_address: values.email_address,
    });
    if (response.requires_validation) {
      yield put(profileActions.submissionSucceeded(PROFILE_MESSAGES.verificationSent));
    } else {
      yield put(profileActions.submissionSucceeded(PROFILE_MESSAGES.changed));
      // the address on file changed at once: the shown one (and go-green's) is reloaded
      yield put(api.util.invalidateTags(['GoGreenStatus']));
    }
  } catch (error) {
    yield put(profileActions.submissionFailed(PROFILE_MESSAGES.failed));
    yield* reportIfUnexpected(error, 'profileEmailChange');
  }
}

/**
 * The address on file (go-green's status), asked afresh when the page opens and kept in the cache
 * while it is open, so a changed address is refetched when its tag is invalidated. A failure shows
 * from the cache (EmailOnFile).
 */
function* keepEmailOnFileLoaded() {
  try {
    yield* callQueryAndKeep(goGreenApi.endpoints.getGoGreenStatus, undefined, profilePageClosed.type);
  } catch {
    // shown by EmailOnFile, which reads the failed entry from the cache
  }
}

export function* profileSaga() {
  yield takeLatest(profileActions.formOpened.type, keepEmailOnFileLoaded);
  yield takeLeading(profileActions.submitted.type, submitEmailChange);
}
