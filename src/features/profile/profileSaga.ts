/** Change email address: submit -> validity -> POST user/request_email_change/ -> what happens next. */
import { call, delay, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { api, firstListedErrorOf, httpStatusOf, isResponseMismatch } from '../../api/baseApi';
import type { IsValidatedResponse, RequestEmailChangeResponse } from '../../api/schemas';
import { goGreenApi } from '../../api/goGreenApi';
import { passkeyApi } from '../../api/passkeyApi';
import { callMutation, callQuery, callQueryAndKeep } from '../../api/sagaCall';
import { userApi } from '../../api/userApi';
import { checkEmailAddressOnServer } from '../../sagas/emailAddressCheck';
import { reportIfUnexpected, startIfValid } from '../../sagas/submissionFlow';
import { ReauthCancelled, withReauth } from '../../sagas/reauthFlow';
import { MESSAGES } from '../../lib/validation/messages';
import { validateGoGreenEmail } from '../../lib/validation/rules';
import { getDependencies } from '../../platform/dependencies';
import type { MessageId } from '../../platform/i18n/messageId';
import { passkeysUsable } from '../../lib/passkeysUsable';
import { newPasskey, passkeyPromptDismissed } from '../../sagas/webauthn';
import {
  PROFILE_MESSAGES,
  profileActions,
  profileForm,
  profilePageClosed,
  selectPendingAddress,
  type PendingAddress,
  type ProfileValues,
} from './profileSlice';

/** Every poll goes out: a fresh request, read once. */
const FRESH = { forceRefetch: true, subscribe: false } as const;

function* submitEmailChange() {
  if (!(yield* startIfValid(profileForm))) return;
  const values = (yield select(profileForm.selectValues)) as ProfileValues;
  try {
    // outside the server's re-authentication window the password is asked first, then the same address is sent again
    const response: RequestEmailChangeResponse = yield* withReauth(
      () => callMutation(userApi.endpoints.requestEmailChange, { email_address: values.email_address }),
      profileActions,
      'profileEmailChange',
    );
    const emailAddress = values.email_address.trim();
    if (response.requires_validation) {
      // the page names the address, the link's lifetime and a resend, and follows the verification
      yield put(profileActions.submissionSucceeded(null));
      yield put(profileActions.verificationLinkSent({ emailAddress, linkExpiresInSeconds: response.link_expires_in_seconds ?? null }));
    } else {
      yield put(profileActions.submissionSucceeded({ id: PROFILE_MESSAGES.changed, values: { email: emailAddress } }));
      // the address on file changed at once: the shown one (and go-green's) is reloaded
      yield put(api.util.invalidateTags(['GoGreenStatus']));
    }
  } catch (error) {
    // cancelled: nothing changed, nothing to say (the slice made the form usable again)
    if (error instanceof ReauthCancelled) return;
    if (isResponseMismatch(error)) {
      // a 2xx whose answer could not be read (reported by the base query): the change was taken, never
      // a failure; which of the two it was shows in the address on file, reloaded
      yield put(profileActions.submissionSucceeded(PROFILE_MESSAGES.received));
      yield put(api.util.invalidateTags(['GoGreenStatus']));
      return;
    }
    if (httpStatusOf(error) === 400) {
      // the server refused the address (in use by another account, malformed): its reason, on the field
      yield put(profileActions.fieldsRejected(['email_address']));
      yield put(profileActions.submissionFailed(firstListedErrorOf(error) ?? MESSAGES.goGreenEmailInvalid));
      return;
    }
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
    yield* callQueryAndKeep(goGreenApi.endpoints.getGoGreenStatus, undefined, { until: profilePageClosed.type, tags: ['GoGreenStatus'] });
  } catch {
    // shown by EmailOnFile, which reads the failed entry from the cache
  }
}

/** Polled as go-green polls (spec section 7): a link opened in another tab or on a phone shows here too. */
const VERIFICATION_POLL_MS = 5000;

function* pollUntilVerified(emailAddress: string) {
  for (;;) {
    yield delay(VERIFICATION_POLL_MS);
    try {
      const result: IsValidatedResponse = yield* callQuery(userApi.endpoints.isValidated, { email_address: emailAddress }, FRESH);
      if (result.validated) {
        yield put(profileActions.addressVerified());
        // it is the address on file now: the one shown (and go-green's) is reloaded
        yield put(api.util.invalidateTags(['GoGreenStatus']));
        return;
      }
    } catch {
      // a failed poll (network, 5xx) changes nothing the borrower must do: the link still works; the next poll asks again
    }
  }
}

/** STYLE point 11: a new address cancels the earlier poll; leaving the page or starting afresh ends it. */
function* followVerification(action: ReturnType<typeof profileActions.verificationLinkSent>) {
  yield race({
    poll: call(pollUntilVerified, action.payload.emailAddress),
    cancel: take([profilePageClosed.type, profileActions.formReset.type]),
  });
}

/** "Send the link again": the same address again (the password first, outside the server's window). */
function* resendLink() {
  const pending = (yield select(selectPendingAddress)) as PendingAddress | null;
  if (!pending) return;
  try {
    const response: RequestEmailChangeResponse = yield* withReauth(
      () => callMutation(userApi.endpoints.requestEmailChange, { email_address: pending.emailAddress }),
      profileActions,
      'profileEmailResend',
    );
    if (response.requires_validation) {
      yield put(profileActions.resendSucceeded({ linkExpiresInSeconds: response.link_expires_in_seconds ?? null }));
    } else {
      yield put(profileActions.addressVerified());
      yield put(api.util.invalidateTags(['GoGreenStatus']));
    }
  } catch (error) {
    // cancelled: nothing was sent (the slice is waiting again)
    if (error instanceof ReauthCancelled) return;
    yield put(profileActions.resendFailed());
    yield* reportIfUnexpected(error, 'profileEmailResend');
  }
}

/** The server's check of the address typed, 500 ms after the last keystroke, only the last value. */
function* checkEmail(action: ReturnType<typeof profileActions.fieldChanged>) {
  const value = action.payload.email_address;
  if (value === undefined || validateGoGreenEmail(value) !== null) return;
  const refusal: string | null = yield* checkEmailAddressOnServer(value);
  if (refusal === null) yield put(profileActions.fieldCheckSucceeded({ field: 'email_address', value }));
  else yield put(profileActions.fieldCheckFailed({ field: 'email_address', value, message: refusal || null }));
}

/** The user's passkeys, kept loaded while the page is open, where the page offers passkeys (issue 49). */
function* keepPasskeysLoaded() {
  const { config } = yield* getDependencies();
  if (!passkeysUsable(config)) return;
  try {
    yield* callQueryAndKeep(passkeyApi.endpoints.getPasskeys, undefined, { until: profilePageClosed.type, tags: ['Passkeys'] });
  } catch {
    // shown by the passkeys' section, which reads the failed entry from the cache
  }
}

/**
 * One add, rename or remove (issue 49). Adding needs the re-authentication window, as a change of the
 * address does (the same dialog, where a passkey may stand in for the password); the list is reloaded
 * by its tag. A closed browser prompt or a cancelled dialog changes nothing and says nothing.
 */
function* passkeyTask(task: () => Generator<unknown, unknown, unknown>, done: MessageId, flow: string) {
  try {
    yield* task();
    yield put(profileActions.passkeyTaskEnded({ message: done, succeeded: true }));
  } catch (error) {
    if (error instanceof ReauthCancelled || passkeyPromptDismissed(error)) {
      yield put(profileActions.passkeyTaskEnded({ message: null, succeeded: false }));
      return;
    }
    yield put(profileActions.passkeyTaskEnded({ message: PROFILE_MESSAGES.passkeyFailed, succeeded: false }));
    yield* reportIfUnexpected(error, flow);
  }
}

function* addPasskey(action: ReturnType<typeof profileActions.passkeyAddRequested>) {
  yield* passkeyTask(function* add() {
    const options = yield* withReauth(() => callMutation(passkeyApi.endpoints.passkeyAddOptions, undefined), profileActions, 'profilePasskeyAdd');
    const credential = (yield call(newPasskey, options)) as Awaited<ReturnType<typeof newPasskey>>;
    yield* callMutation(passkeyApi.endpoints.addPasskey, { credential, name: action.payload.name });
  }, PROFILE_MESSAGES.passkeyAdded, 'profilePasskeyAdd');
}

function* renamePasskey(action: ReturnType<typeof profileActions.passkeyRenameRequested>) {
  yield* passkeyTask(() => callMutation(passkeyApi.endpoints.renamePasskey, action.payload), PROFILE_MESSAGES.passkeyRenamed, 'profilePasskeyRename');
}

function* removePasskey(action: ReturnType<typeof profileActions.passkeyRemoveRequested>) {
  yield* passkeyTask(() => callMutation(passkeyApi.endpoints.removePasskey, action.payload), PROFILE_MESSAGES.passkeyRemoved, 'profilePasskeyRemove');
}

export function* profileSaga() {
  yield takeLatest(profileActions.formOpened.type, keepEmailOnFileLoaded);
  yield takeLatest(profileActions.formOpened.type, keepPasskeysLoaded);
  yield takeLeading(profileActions.submitted.type, submitEmailChange);
  yield takeLatest(profileActions.fieldChanged.type, checkEmail);
  yield takeLatest(profileActions.verificationLinkSent.type, followVerification);
  yield takeLeading(profileActions.resendPressed.type, resendLink);
  yield takeLeading(profileActions.passkeyAddRequested.type, addPasskey);
  yield takeLeading(profileActions.passkeyRenameRequested.type, renamePasskey);
  yield takeLeading(profileActions.passkeyRemoveRequested.type, removePasskey);
}
