/**
 * Sign-in (beyond the spec): submit -> POST account/login/ -> a full page load of the signed-in page
 * the borrower came from (`?next=`), or of the landing page.
 */
import { call, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { accountApi } from '../../api/accountApi';
import { errorBodyOf, httpStatusOf, isResponseMismatch } from '../../api/baseApi';
import { passkeyApi } from '../../api/passkeyApi';
import { callMutation } from '../../api/sagaCall';
import { passkeysUsable } from '../../lib/passkeysUsable';
import { autofillSupported, passkeyAssertion, passkeyPromptDismissed } from '../../sagas/webauthn';
import { getDependencies } from '../../platform/dependencies';
import type { FormMessage } from '../../state/forms/createFormSlice';
import { reportIfUnexpected, startIfValid } from '../../sagas/submissionFlow';
import { landingUrl, PORTAL_URLS, returnPathFrom } from '../../lib/portalUrls';
import { loginActions, loginForm, type LoginValues } from './loginSlice';

function* submitLogin() {
  if (!(yield* startIfValid(loginForm))) return;
  const values = (yield select(loginForm.selectValues)) as LoginValues;
  let landing: string;
  try {
    // spaces around a username are a typing habit, never part of it (a password is sent as typed)
    const response = yield* callMutation(accountApi.endpoints.login, { ...values, username: values.username.trim() });
    landing = landingUrl(response.available_loans);
  } catch (error) {
    if (!isResponseMismatch(error)) {
      yield* signInRefused(error);
      return;
    }
    // a 2xx whose answer could not be read (reported by the base query): signed in all the same; the
    // portal's home sends the borrower on to their loans (issue 39: a 2xx never shows a failure)
    landing = PORTAL_URLS.home;
  }
  yield* signedInTo(landing);
}

/** Signed in (by password or passkey): on to the page that sent the borrower here, else the landing page. */
function* signedInTo(landing: string) {
  const { navigation } = yield* getDependencies();
  yield put(loginActions.submissionSucceeded());
  // back to the signed-in page that sent the borrower here, else the landing page
  const url = returnPathFrom(window.location.search) ?? landing;
  yield put(loginActions.redirected(url));
  // a full load: the signed-in pages are rendered by the server with the new session
  yield call([navigation, navigation.navigate], url, { fullReload: true });
}

/**
 * Sign-in with a passkey (issue 49): the server's options, the browser's prompt (or, `autofill`, its
 * suggestions in the username field: conditional mediation), the answer to POST account/passkey/login/.
 * The session is the one a password makes (server/services/signedInAs.ts). Closing the prompt changes
 * nothing; a refusal says so above the button, and the password path stays as it was.
 */
function* signInWithPasskey(autofill: boolean) {
  if (!autofill) yield put(loginActions.submissionStarted());
  let landing: string;
  try {
    const options = yield* callMutation(passkeyApi.endpoints.passkeySignInOptions, undefined);
    const credential = (yield call(passkeyAssertion, options, autofill)) as Awaited<ReturnType<typeof passkeyAssertion>>;
    if (autofill) yield put(loginActions.submissionStarted());
    const response = yield* callMutation(passkeyApi.endpoints.passkeySignIn, { credential });
    landing = landingUrl(response.available_loans);
  } catch (error) {
    if (passkeyPromptDismissed(error)) {
      if (!autofill) yield put(loginActions.submissionFailed(null));
      return;
    }
    yield put(loginActions.submissionFailed('login.passkeyFailed'));
    yield* reportIfUnexpected(error, 'loginPasskey');
    return;
  }
  yield* signedInTo(landing);
}

/** The page opened: where the browser offers passkeys in the username field's suggestions, they wait there. */
function* offerPasskeyAutofill() {
  const { config } = yield* getDependencies();
  if (!passkeysUsable(config) || !((yield call(autofillSupported)) as boolean)) return;
  yield fork(signInWithPasskey, true);
}

/** A refused sign-in: said on the fields and above the button; a network failure or a 5xx reported. */
function* signInRefused(error: unknown) {
  const status = httpStatusOf(error);
  const rejected = status === 400 || status === 401;
  // the server does not say which of the two it refused: neither shows a success mark, and the
  // password field says it was refused (loginFieldsView); a pause or a failure refuses neither
  yield put(loginActions.fieldsRejected(rejected ? ['username', 'password'] : []));
  yield put(loginActions.submissionFailed(failureMessage(status, errorBodyOf(error))));
  // 400, 401 and 429 are answers the flow expects: only a network failure or a 5xx is reported
  yield* reportIfUnexpected(error, 'login');
}

/** The pause's length in minutes the server sent (`lockout_minutes`), if it is one. */
function lockoutMinutesOf(body: unknown): number | null {
  if (!body || typeof body !== 'object' || !('lockout_minutes' in body)) return null;
  const minutes = body.lockout_minutes;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0 && minutes <= 24 * 60 ? minutes : null;
}

/**
 * What the form says above its button after a refused sign-in (sign-in is beyond the spec: these
 * texts are the portal's own, the catalogs' `login.` ids), or null: a wrong password alone is said
 * on the password field. The attempt before the last warns (`attempts_left: 1`); a pause says for
 * how long (`lockout_minutes`, as the notice emailed says); a 429 without it is the rate limit.
 */
function failureMessage(status: number | null, body: unknown): FormMessage | null {
  const minutes = lockoutMinutesOf(body);
  if (status === 400 || status === 401) {
    const lastAttempt = !!body && typeof body === 'object' && 'attempts_left' in body && body.attempts_left === 1;
    return lastAttempt && minutes !== null ? { id: 'login.oneAttemptLeft', values: { minutes } } : null;
  }
  if (status === 429) return minutes === null ? 'login.tooManyAttempts' : { id: 'login.paused', values: { minutes } };
  return 'login.failed';
}

export function* loginSaga() {
  yield takeLeading(loginActions.submitted.type, submitLogin);
  yield takeLeading(loginActions.passkeyRequested.type, signInWithPasskey, false);
  yield takeLatest(loginActions.formOpened.type, offerPasskeyAutofill);
}
