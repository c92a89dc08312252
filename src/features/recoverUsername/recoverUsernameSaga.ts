/**
 * Username recovery: the automatic submit of details cached by registration (read and removed
 * at once), and submit -> captcha ('recover_username') -> POST account/recover_username/.
 */
import { call, put, select, takeLeading } from 'redux-saga/effects';
import { accountApi } from '../../api/accountApi';
import { isResponseMismatch } from '../../api/baseApi';
import { callMutation } from '../../api/sagaCall';
import type { FormMessage } from '../../state/forms/createFormSlice';
import { getDependencies } from '../../platform/dependencies';
import type { MessageId } from '../../platform/i18n/messageId';
import { failedMessage, isRefusal, obtainCaptchaToken, reportIfUnexpected, startIfValid } from '../../sagas/submissionFlow';
import { takeRecoveryDetails, type RecoveryDetails } from '../../lib/recoveryCache';
import { isoToDob } from '../../lib/validation/dob';
import {
  recoverUsernameActions,
  recoverUsernameForm,
  toRecoverUsernamePayload,
  type RecoverUsernameValues,
} from './recoverUsernameSlice';

function* restoreCachedDetails() {
  const { sessionStore } = yield* getDependencies();
  const details = (yield call(takeRecoveryDetails, sessionStore)) as RecoveryDetails | null;
  if (!details) return;
  yield put(recoverUsernameActions.fieldChanged({ loanno: details.loanno, ssn: details.ssn, dob: isoToDob(details.dob) }));
  yield put(recoverUsernameActions.cachedDetailsRestored());
  yield put(recoverUsernameActions.submitted());
}

/** The spec's success text with the (masked) address; without one, the same text without it. */
function succeeded(address: unknown): FormMessage {
  return typeof address === 'string' && address.trim() !== ''
    ? { id: 'recoverUsername.succeeded', values: { email: address } }
    : ('recoverUsername.succeededNoAddress' satisfies MessageId);
}

function* submitRecovery() {
  if (!(yield* startIfValid(recoverUsernameForm))) return;
  const values = (yield select(recoverUsernameForm.selectValues)) as RecoverUsernameValues;
  try {
    const token = yield* obtainCaptchaToken('recover_username', recoverUsernameActions.captchaObtained);
    const response = yield* callMutation(accountApi.endpoints.recoverUsername, toRecoverUsernamePayload(values, token));
    // spec section 8's texts, as ids; the address goes in when the widget shows the message
    yield put(recoverUsernameActions.submissionSucceeded(succeeded(response.email_address)));
  } catch (error) {
    if (isResponseMismatch(error)) {
      // a 2xx whose answer could not be read (reported by the base query): the username was sent
      yield put(recoverUsernameActions.submissionSucceeded(succeeded(null)));
      return;
    }
    if (isRefusal(error)) yield put(recoverUsernameActions.fieldsRejected(['loanno', 'ssn', 'dob']));
    // the spec's text; the widget adds what to do next, by the kind of failure
    yield put(recoverUsernameActions.submissionFailed(failedMessage('recoverUsername.failed', error)));
    yield* reportIfUnexpected(error, 'recoverUsername');
  }
}

export function* recoverUsernameSaga() {
  yield takeLeading(recoverUsernameActions.opened.type, restoreCachedDetails);
  yield takeLeading(recoverUsernameActions.submitted.type, submitRecovery);
}
