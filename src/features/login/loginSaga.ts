/**
 * Sign-in (beyond the spec): submit -> POST account/login/ -> a full page load of the signed-in page
 * the borrower came from (`?next=`), or of the landing page.
 */
import { call, put, select, takeLeading } from 'redux-saga/effects';
import { accountApi } from '../../api/accountApi';
import { httpStatusOf } from '../../api/baseApi';
import { callMutation } from '../../api/sagaCall';
import { getDependencies } from '../../platform/dependencies';
import type { MessageId } from '../../platform/i18n/messageId';
import { reportIfUnexpected, startIfValid } from '../../lib/forms/submissionFlow';
import { landingUrl, returnPathFrom } from '../../lib/portalUrls';
import { loginActions, loginForm, type LoginValues } from './loginSlice';

function* submitLogin() {
  if (!(yield* startIfValid(loginForm))) return;
  const { navigation } = yield* getDependencies();
  const values = (yield select(loginForm.selectValues)) as LoginValues;
  try {
    // spaces around a username are a typing habit, never part of it (a password is sent as typed)
    const response = yield* callMutation(accountApi.endpoints.login, { ...values, username: values.username.trim() });
    yield put(loginActions.submissionSucceeded());
    // back to the signed-in page that sent the borrower here, else the landing page
    const url = returnPathFrom(window.location.search) ?? landingUrl(response.available_loans);
    yield put(loginActions.redirected(url));
    // a full load: the signed-in pages are rendered by the server with the new session
    yield call([navigation, navigation.navigate], url, { fullReload: true });
  } catch (error) {
    const status = httpStatusOf(error);
    const rejected = status === 400 || status === 401;
    const throttled = status === 429;
    // the server does not say which of the two it refused: neither keeps its green tick
    if (rejected) yield put(loginActions.fieldsRejected(['username', 'password']));
    // sign-in is beyond the spec: these texts are the portal's own (the catalogs' `login.` ids)
    const message: MessageId = rejected ? 'login.incorrect' : throttled ? 'login.tooManyAttempts' : 'login.failed';
    yield put(loginActions.submissionFailed(message));
    // 400, 401 and 429 are answers the flow expects: only a network failure or a 5xx is reported
    yield* reportIfUnexpected(error, 'login');
  }
}

export function* loginSaga() {
  yield takeLeading(loginActions.submitted.type, submitLogin);
}
