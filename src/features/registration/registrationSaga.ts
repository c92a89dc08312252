/**
 * Registration: submit -> validity -> wait indicator -> captcha ('registration') -> POST
 * account/register/ -> loan selection or overview; and every failure branch of spec section 8.
 */
import { call, put, select, take, takeLeading } from 'redux-saga/effects';
import { accountApi } from '../../api/accountApi';
import { httpStatusOf, isResponseMismatch, listedErrorsOf, rejectedFieldsOf } from '../../api/baseApi';
import { callMutation } from '../../api/sagaCall';
import { getDependencies } from '../../platform/dependencies';
import type { MessageId } from '../../platform/i18n/messageId';
import { isUnexpectedFailure, obtainCaptchaToken, reportIfUnexpected, startIfValid } from '../../sagas/submissionFlow';
import { landingUrl, PORTAL_URLS } from '../../lib/portalUrls';
import { cacheRecoveryDetails } from '../../lib/recoveryCache';
import { dobToIso } from '../../lib/validation/dob';
import type { RegistrationValues } from '../../lib/validation/rules';
import { REGISTRATION_FIELDS, registrationActions, registrationForm, toRegistrationPayload } from './registrationSlice';

type RecoveryAnswer = ReturnType<typeof registrationActions.recoveryAccepted | typeof registrationActions.recoveryDeclined>;

/**
 * Status 409: the in-page question (the slice opens it) and the borrower's answer, both actions, so
 * time travel and QA replays show the question and what was chosen. Declining leaves the borrower on
 * the form, which then says what to do next.
 */
function* offerUsernameRecovery(values: RegistrationValues) {
  yield put(registrationActions.alreadyRegistered());
  const answer: RecoveryAnswer = yield take([registrationActions.recoveryAccepted, registrationActions.recoveryDeclined]);
  if (registrationActions.recoveryDeclined.match(answer)) return;
  const deps = yield* getDependencies();
  yield call(cacheRecoveryDetails, deps.sessionStore, {
    loanno: values.loanno,
    ssn: values.ssn,
    dob: dobToIso(values.dob),
  });
  yield put(registrationActions.redirected(PORTAL_URLS.recoverUsername));
  yield call([deps.navigation, deps.navigation.navigate], PORTAL_URLS.recoverUsername);
}

function* submitRegistration() {
  if (!(yield* startIfValid(registrationForm))) return;
  const deps = yield* getDependencies();
  const values = (yield select(registrationForm.selectValues)) as RegistrationValues;
  let landing: string;
  try {
    const token = yield* obtainCaptchaToken('registration', registrationActions.captchaObtained);
    const response = yield* callMutation(accountApi.endpoints.register, toRegistrationPayload(values, token));
    // routed by the list's length only: its items may be objects, loan numbers, anything (issue 39)
    landing = landingUrl(response.available_loans);
  } catch (error) {
    if (isResponseMismatch(error)) {
      // A 2xx: the account exists. Its answer could not be read (the base query reported it), so the
      // portal's home sends the borrower on to their loans, never a failure message.
      landing = PORTAL_URLS.home;
    } else {
      yield* registrationFailed(error, values);
      return;
    }
  }
  yield put(registrationActions.submissionSucceeded());
  yield put(registrationActions.redirected(landing));
  yield call([deps.navigation, deps.navigation.navigate], landing, { fullReload: true });
}

function* registrationFailed(error: unknown, values: RegistrationValues) {
  if (httpStatusOf(error) === 409) {
    yield* offerUsernameRecovery(values);
  } else if (isUnexpectedFailure(error)) {
    // The spec says "silent"; the borrower still learns it did not work and that what was typed is
    // kept (docs/spec-deviations.md). No server code or text: the message is the portal's own.
    yield put(registrationActions.submissionFailed('registration.failedTryAgain' satisfies MessageId));
    yield* reportIfUnexpected(error, 'registration');
  } else {
    // the server's first error (in the borrower's language), else the spec's text, as its id
    const errors = listedErrorsOf(error);
    // the fields the server names, or all of them: no green tick beside what it has refused
    yield put(registrationActions.fieldsRejected(rejectedFieldsOf(error, REGISTRATION_FIELDS) ?? [...REGISTRATION_FIELDS]));
    // each text on the field it concerns (placeServerErrors), the first also in the alert
    if (errors.length > 0) yield put(registrationActions.serverErrorsReceived(errors));
    yield put(registrationActions.submissionFailed(errors[0] ?? ('registration.accountNotFound' satisfies MessageId)));
  }
}

export function* registrationSaga() {
  yield takeLeading(registrationActions.submitted.type, submitRegistration);
}
