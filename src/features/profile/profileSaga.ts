/** Change email address: submit -> validity -> POST user/request_email_change/ -> what happens next. */
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { api, firstListedErrorOf, httpStatusOf, isResponseMismatch } from '../../api/baseApi';
import type { RequestEmailChangeResponse } from '../../api/contract';
import { goGreenApi } from '../../api/goGreenApi';
import { passkeyApi } from '../../api/passkeyApi';
import { getDependencies } from '../../platform/dependencies';
import { newPasskey, passkeyPromptDismissed, passkeysUsable } from '../../lib/passkeys/webauthn';
import { callMutation, callQueryAndKeep } from '../../api/sagaCall';
import { userApi } from '../../api/userApi';
import { reportIfUnexpected, startIfValid } from '../../lib/forms/submissionFlow';
import { ReauthCancelled, withReauth } from '../../lib/reauth/reauthFlow';
import { MESSAGES } from '../../lib/validation/messages';
import type { MessageId } from '../../platform/i18n/messageId';
import { PROFILE_MESSAGES, profileActions, profileForm, profilePageClosed, type ProfileValues } from './profileSlice';

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
    if (response.requires_validation) {
      yield put(profileActions.submissionSucceeded(PROFILE_MESSAGES.verificationSent));
    } else {
      yield put(profileActions.submissionSucceeded(PROFILE_MESSAGES.changed));
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
    yield* callQueryAndKeep(goGreenApi.endpoints.getGoGreenStatus, undefined, profilePageClosed.type);
  } catch {
    // shown by EmailOnFile, which reads the failed entry from the cache
  }
}

/** The user's passkeys, kept loaded while the page is open, where the page offers passkeys (issue 49). */
function* keepPasskeysLoaded() {
  const { config } = yield* getDependencies();
  if (!passkeysUsable(config)) return;
  try {
    yield* callQueryAndKeep(passkeyApi.endpoints.getPasskeys, undefined, profilePageClosed.type);
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
  yield takeLeading(profileActions.passkeyAddRequested.type, addPasskey);
  yield takeLeading(profileActions.passkeyRenameRequested.type, renamePasskey);
  yield takeLeading(profileActions.passkeyRemoveRequested.type, removePasskey);
}
