/**
 * Both halves of the password reset:
 * - the request: submit -> captcha ('request_password_reset') -> POST account/request_password_reset/;
 * - the reset page: validate_nonce on load (checking -> valid | expired; not when the page came
 *   with the answer, docs/first-view.md), then submit -> POST
 *   account/reset_password/ -> the success message -> the login page about 3 s later.
 * The nonce comes from the page's config block only, never from the address or an action.
 */
import { call, delay, put, select, takeLeading } from 'redux-saga/effects';
import { accountApi } from '../../api/accountApi';
import { firstListedErrorOf, httpStatusOf, isResponseMismatch, listedErrorsOf, rejectedFieldsOf } from '../../api/baseApi';
import type { FormMessage } from '../../state/forms/createFormSlice';
import type { RequestStatus } from '../../state/forms/requestStatus';
import { callMutation } from '../../api/sagaCall';
import { getDependencies } from '../../platform/dependencies';
import type { MessageId } from '../../platform/i18n/messageId';
import { failedMessage, isRefusal, isUnexpectedFailure, obtainCaptchaToken, reportIfUnexpected, startIfValid } from '../../sagas/submissionFlow';
import { LOGIN_AFTER_PASSWORD_RESET } from '../../lib/portalUrls';
import {
  requestPasswordResetActions,
  requestPasswordResetForm,
  type RequestPasswordResetValues,
} from './requestPasswordResetSlice';
import {
  REDIRECT_DELAY_MS,
  resetPasswordActions,
  resetPasswordForm,
  type ResetPasswordValues,
  type WithResetPassword,
} from './resetPasswordSlice';

/**
 * The request's success: the spec's notice, then how long the link works, as the server said
 * (`link_minutes`, its RESET_NONCE_MINUTES: the one place the number is written); a server that
 * does not say gets "a limited time".
 */
function requestSucceeded(linkMinutes: unknown): FormMessage {
  return typeof linkMinutes === 'number' && Number.isInteger(linkMinutes) && linkMinutes > 0
    ? { id: 'passwordReset.linkLifetime', values: { minutes: linkMinutes } }
    : ('passwordReset.linkLifetimeUnknown' satisfies MessageId);
}

function* submitResetRequest() {
  if (!(yield* startIfValid(requestPasswordResetForm))) return;
  const values = (yield select(requestPasswordResetForm.selectValues)) as RequestPasswordResetValues;
  try {
    const token = yield* obtainCaptchaToken('request_password_reset', requestPasswordResetActions.captchaObtained);
    const response = yield* callMutation(accountApi.endpoints.requestPasswordReset, {
      username: values.username.trim(),
      recaptcha_response: token,
    });
    yield put(requestPasswordResetActions.submissionSucceeded(requestSucceeded(response.link_minutes)));
  } catch (error) {
    if (isResponseMismatch(error)) {
      // a 2xx whose answer could not be read (reported by the base query): the request was taken
      yield put(requestPasswordResetActions.submissionSucceeded(requestSucceeded(null)));
      return;
    }
    if (isRefusal(error)) yield put(requestPasswordResetActions.fieldsRejected(['username']));
    // the spec's text; the widget adds what to do next, by the kind of failure
    yield put(requestPasswordResetActions.submissionFailed(failedMessage('passwordReset.requestFailed', error)));
    yield* reportIfUnexpected(error, 'requestPasswordReset');
  }
}

/** Asked only while the store has no answer: the page may have come with it (`opened` keeps it). */
function* checkResetNonce() {
  const status = (yield select((state: WithResetPassword) => state.resetPassword.nonceStatus)) as RequestStatus;
  if (status !== 'pending') return;
  const { config } = yield* getDependencies();
  if (!config.resetNonce) {
    yield put(resetPasswordActions.nonceRejected());
    return;
  }
  try {
    yield* callMutation(accountApi.endpoints.validateNonce, { nonce: config.resetNonce });
    yield put(resetPasswordActions.nonceAccepted());
  } catch (error) {
    // a 4xx is the server's answer (the spec's "expired"); a 5xx or no answer says nothing of the link
    yield put(isUnexpectedFailure(error) ? resetPasswordActions.nonceCheckFailed() : resetPasswordActions.nonceRejected());
    yield* reportIfUnexpected(error, 'validateNonce');
  }
}

const RESET_FIELDS = ['password', 'password2'] as const;

function* submitNewPassword() {
  if (!(yield* startIfValid(resetPasswordForm))) return;
  const { config, navigation } = yield* getDependencies();
  const values = (yield select(resetPasswordForm.selectValues)) as ResetPasswordValues;
  try {
    yield* callMutation(accountApi.endpoints.resetPassword, {
      nonce: config.resetNonce ?? '',
      password: values.password,
      password2: values.password2,
    });
  } catch (error) {
    // the spec's alert, and after it the server's reason when it refused the password (e.g. too common)
    const reason = httpStatusOf(error) === 400 ? firstListedErrorOf(error) : null;
    // the fields the server named (a refused password): each shows its text and the first takes focus
    const refused = rejectedFieldsOf(error, RESET_FIELDS);
    if (refused) {
      yield put(resetPasswordActions.fieldsRejected(refused));
      yield put(resetPasswordActions.serverErrorsReceived(listedErrorsOf(error)));
    } else if (isRefusal(error)) yield put(resetPasswordActions.fieldsRejected(['password', 'password2']));
    yield put(
      resetPasswordActions.submissionFailed(
        reason ? { id: 'passwordReset.failedBecause', values: { reason } } : ('passwordReset.failed' satisfies MessageId),
      ),
    );
    yield* reportIfUnexpected(error, 'resetPassword');
    return;
  }
  yield put(resetPasswordActions.submissionSucceeded('passwordReset.succeeded' satisfies MessageId));
  yield delay(REDIRECT_DELAY_MS);
  yield put(resetPasswordActions.redirected(LOGIN_AFTER_PASSWORD_RESET));
  yield call([navigation, navigation.navigate], LOGIN_AFTER_PASSWORD_RESET);
}

export function* passwordResetSaga() {
  yield takeLeading(requestPasswordResetActions.submitted.type, submitResetRequest);
  yield takeLeading([resetPasswordActions.opened.type, resetPasswordActions.nonceCheckRetried.type], checkResetNonce);
  yield takeLeading(resetPasswordActions.submitted.type, submitNewPassword);
}
