/**
 * The go-green flows:
 * - the status, once per mount (go-green/status), then the wait for a link sent to a corrected
 *   address earlier in this browser session, resumed while it works;
 * - the server check of the typed address, 500 ms after the last keystroke, only the last value;
 * - the verification email (user/request_email_change), sent on demand or, for needsVerification,
 *   on entering step 2; then the polling of user/is_validated every 5000 ms until validated,
 *   cancelled, the step left or the widget unmounted (a failed poll waits longer before the next,
 *   and the waiting step says so; the first answer brings the 5000 ms back);
 * - opt-in (the client description, whose code is downloaded on demand, then go-green/opt_in) and
 *   opt-out (go-green/opt_out, then a full page load).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { httpStatusOf, isResponseMismatch } from '../../api/baseApi';
import type { GoGreenInfo, IsValidatedResponse, RequestEmailChangeResponse } from '../../api/schemas';
import { goGreenApi } from '../../api/goGreenApi';
import { selectGoGreenInfo } from '../../api/goGreenStatusCache';
import { callMutation, callQuery, callQueryAndKeep } from '../../api/sagaCall';
import { userApi } from '../../api/userApi';
import { getDependencies } from '../../platform/dependencies';
import { messageShown } from '../../state/snackbarSlice';
import { checkEmailAddressOnServer } from '../../sagas/emailAddressCheck';
import { reportIfUnexpected } from '../../sagas/submissionFlow';
import { ReauthCancelled, withReauth } from '../../sagas/reauthFlow';
import { validateGoGreenEmail } from '../../lib/validation/rules';
import { GO_GREEN_MESSAGES } from './goGreenMessages';
import { PORTAL_URLS } from '../../lib/portalUrls';
import {
  goGreenActions as actions,
  leftEmailStep,
  selectCanSendVerification,
  selectGoGreen,
  selectOptInEmail,
  type GoGreenState,
} from './goGreenSlice';
import { loadClientDescription } from './onDemandModules';

/** Verification polling interval (spec sections 7 and 9); there is no upper limit on the polls. */
export const POLL_INTERVAL_MS = 5000;
/** After failed polls the next waits longer, doubling from the interval up to this (docs/spec-deviations.md). */
export const POLL_BACKOFF_MAX_MS = 60_000;

/** The wait before the next poll after `failures` failed polls in a row: 5, 10, 20, 40, then 60 s. */
function pollDelayAfter(failures: number): number {
  return Math.min(POLL_INTERVAL_MS * 2 ** failures, POLL_BACKOFF_MAX_MS);
}
/** Every poll and every check goes out: a fresh request, read once, through the cache. */
const FRESH = { forceRefetch: true, subscribe: false } as const;

/** "Only logged" failures (spec section 8): no address or body, just what failed and how. */
function* logFailure(message: string, error: unknown) {
  const { reporter } = yield* getDependencies();
  yield call([reporter, reporter.log], message, { flow: 'goGreen', status: httpStatusOf(error) ?? 'network' });
}

/** Set just before the full page load that follows an opt-out; read (once) by the next load. */
const OPTED_OUT_KEY = 'loanmanager.goGreen.optedOut';

function* confirmOptOutAfterReload() {
  const { sessionStore } = yield* getDependencies();
  if (sessionStore.getItem(OPTED_OUT_KEY) === null) return;
  sessionStore.removeItem(OPTED_OUT_KEY);
  yield put(actions.optOutConfirmed());
}

/**
 * takeLatest: "Try again" after a failure starts afresh. Each mount of the widget asks the server
 * (a cached answer could predate a verification done elsewhere) unless the store holds the status
 * (the page came with it: `callQueryAndKeep`'s rule), and the answer stays in the cache while the
 * widget is mounted: the screen reads it there.
 */
function* loadStatus() {
  yield* confirmOptOutAfterReload();
  try {
    yield* callQueryAndKeep(goGreenApi.endpoints.getGoGreenStatus, undefined, { until: actions.widgetUnmounted.type, tags: ['GoGreenStatus'] });
    yield* resumeCorrectedAddress();
  } catch (error) {
    yield put(messageShown(GO_GREEN_MESSAGES.loadFailed));
    yield* reportIfUnexpected(error, 'goGreenStatus');
  }
}

/** The address to check for this action: the typed one, or on coming back to step 2 one whose check leaving cut short. */
function* addressToCheck(action: UnknownAction) {
  if (actions.fieldChanged.match(action)) return action.payload.email ?? null;
  if (!actions.nextPressed.match(action)) return null;
  const { step, checks } = (yield select(selectGoGreen)) as GoGreenState;
  const check = checks?.email;
  return step === 'email' && check?.status === 'pending' ? check.value : null;
}

/**
 * takeLatest over typing and leaving: each keystroke cancels the earlier wait or check, so only
 * the last value is checked, and leaving the step or the page leaves no timer behind. A check
 * cut short by Back stays pending (Send stays disabled) and runs again when the borrower returns.
 */
function* checkEmail(action: UnknownAction) {
  const value = yield* addressToCheck(action);
  if (value === null || validateGoGreenEmail(value) !== null) return;
  const refusal: string | null = yield* checkEmailAddressOnServer(value);
  // any failure (taken, malformed, network) marks the address invalid (spec section 5); when the
  // server says why (in use by another account), the borrower is told that instead
  if (refusal === null) yield put(actions.fieldCheckSucceeded({ field: 'email', value }));
  else yield put(actions.fieldCheckFailed({ field: 'email', value, message: refusal || null }));
}

function* sendFromForm() {
  const canSend = (yield select(selectCanSendVerification)) as boolean;
  if (!canSend) return;
  const { values } = (yield select(selectGoGreen)) as GoGreenState;
  yield put(actions.verificationEmailRequested({ emailAddress: values.email }));
}

/**
 * A link sent in this browser session, in sessionStorage (never localStorage), so that coming back
 * to the wizard while it works resumes the waiting instead of sending a second email:
 * - `LINK_SENT_KEY`: to the address on file (needsVerification's automatic send): when, and how
 *   long it works if the server said; two numbers, not the address (it is the one on file);
 * - `CORRECTED_LINK_KEY`: to a corrected address (withCorrectedDetails; issue 47 item 8): the same
 *   and that address, as the language switch keeps a typed one (docs/i18n.md). Cancel forgets it.
 */
export const LINK_SENT_KEY = 'loanmanager.goGreen.linkSent';
export const CORRECTED_LINK_KEY = 'loanmanager.goGreen.correctedLinkSent';

interface LinkSent {
  sentAt: number;
  expiresInSeconds: number | null;
  /** the corrected address (CORRECTED_LINK_KEY only) */
  emailAddress?: string;
}

function* rememberLinkSent(key: string, expiresInSeconds: number | null, emailAddress?: string) {
  const { sessionStore } = yield* getDependencies();
  const sent: LinkSent = { sentAt: Date.now(), expiresInSeconds, ...(emailAddress === undefined ? {} : { emailAddress }) };
  sessionStore.setItem(key, JSON.stringify(sent));
}

function* forgetLinkSent(...keys: string[]) {
  const { sessionStore } = yield* getDependencies();
  for (const key of keys) sessionStore.removeItem(key);
}

/** The link sent in this session under `key`, if it still works (a lifetime not given lasts the session). */
function* linkStillWorking(key: string): Generator<unknown, LinkSent | null, unknown> {
  const { sessionStore } = yield* getDependencies();
  let sent: Partial<LinkSent> | null = null;
  try {
    sent = JSON.parse(sessionStore.getItem(key) ?? 'null') as Partial<LinkSent> | null;
  } catch {
    sent = null;
  }
  if (!sent || typeof sent.sentAt !== 'number') return null;
  const expiresInSeconds = typeof sent.expiresInSeconds === 'number' ? sent.expiresInSeconds : null;
  if (expiresInSeconds !== null && Date.now() >= sent.sentAt + expiresInSeconds * 1000) {
    yield* forgetLinkSent(key);
    return null;
  }
  return { sentAt: sent.sentAt, expiresInSeconds, ...(typeof sent.emailAddress === 'string' ? { emailAddress: sent.emailAddress } : {}) };
}

/** How long a remembered link still works, in seconds (null: not said). */
const secondsLeft = (sent: LinkSent) =>
  sent.expiresInSeconds === null ? null : sent.expiresInSeconds - Math.floor((Date.now() - sent.sentAt) / 1000);

/**
 * Once the status is loaded: a borrower not yet opted in who comes back while the link sent to a
 * corrected address works finds step 2 waiting for it (the poll says at once if it was opened).
 */
function* resumeCorrectedAddress() {
  const info = (yield select(selectGoGreenInfo)) as GoGreenInfo | null;
  if (!info || info.electdocs) return;
  const sent = yield* linkStillWorking(CORRECTED_LINK_KEY);
  if (!sent?.emailAddress) return;
  yield put(actions.correctedAddressResumed({ emailAddress: sent.emailAddress, linkExpiresInSeconds: secondsLeft(sent) }));
  const { step, verificationEmail } = (yield select(selectGoGreen)) as GoGreenState;
  if (step === 'email' && verificationEmail === sent.emailAddress) yield put(actions.pollingStarted({ emailAddress: sent.emailAddress }));
}

function* forgetCorrectedAddress() {
  yield* forgetLinkSent(CORRECTED_LINK_KEY);
}

/**
 * Entering step 2 with status input and intention needsVerification sends to the address on file,
 * unless a link sent there earlier in this browser session still works: then it waits for that one.
 */
function* sendOnEnteringNeedsVerification() {
  const { step, verificationStatus, intention } = (yield select(selectGoGreen)) as GoGreenState;
  const info = (yield select(selectGoGreenInfo)) as GoGreenInfo | null;
  if (step !== 'email' || verificationStatus !== 'input' || intention !== 'needsVerification' || !info?.email_address) return;
  const pending = yield* linkStillWorking(LINK_SENT_KEY);
  if (pending) {
    yield put(actions.verificationResumed({ emailAddress: info.email_address, linkExpiresInSeconds: secondsLeft(pending) }));
    yield put(actions.pollingStarted({ emailAddress: info.email_address }));
    return;
  }
  yield put(actions.verificationEmailRequested({ emailAddress: info.email_address }));
}

function* requestVerification(emailAddress: string) {
  try {
    // outside the server's re-authentication window the password is asked first, then the same address is sent again
    const response: RequestEmailChangeResponse = yield* withReauth(
      () => readableOrAssumeValidation(callMutation(userApi.endpoints.requestEmailChange, { email_address: emailAddress })),
      actions,
      'goGreenEmailChange',
    );
    if (response.requires_validation) {
      const lifetime = response.link_expires_in_seconds ?? null;
      yield put(actions.verificationEmailSent({ linkExpiresInSeconds: lifetime }));
      const info = (yield select(selectGoGreenInfo)) as GoGreenInfo | null;
      if (emailAddress === info?.email_address) yield* rememberLinkSent(LINK_SENT_KEY, lifetime);
      else yield* rememberLinkSent(CORRECTED_LINK_KEY, lifetime, emailAddress);
      yield put(actions.pollingStarted({ emailAddress }));
    } else {
      // no validation needed: the address counts as validated at once (spec section 7)
      yield put(actions.validationResultReceived({ emailValidated: true }));
    }
  } catch (error) {
    yield put(actions.emailChangeFailed());
    // cancelled: nothing was sent, and nothing failed
    if (error instanceof ReauthCancelled) return;
    yield* logFailure('go-green: email change request failed', error);
    // the spec logs it silently; the borrower is told it did not work (issue 39: no silent failure)
    yield put(messageShown(GO_GREEN_MESSAGES.problem));
  }
}

/**
 * The change's answer, or, for a 2xx whose answer could not be read (reported by the base query),
 * `requires_validation: true`: the request was taken, and the poll then tells whether the address is
 * validated (at once, when it needed no validation), so a 2xx never shows a failure (issue 39).
 */
function* readableOrAssumeValidation(request: Generator<unknown, RequestEmailChangeResponse, unknown>) {
  try {
    return yield* request;
  } catch (error) {
    if (isResponseMismatch(error)) return { requires_validation: true } satisfies RequestEmailChangeResponse;
    throw error;
  }
}

function* sendVerification(action: ReturnType<typeof actions.verificationEmailRequested>) {
  // leaving the step (or the page) while the request runs aborts it: no polling starts behind the borrower
  yield race({ send: call(requestVerification, action.payload.emailAddress), left: take([...leftEmailStep]) });
}

/**
 * Polls until the address is validated. A failed poll (no network, a 5xx, an answer that cannot be
 * read) does not end the wait: the link in the email still works. The first failure of a run is
 * logged and the step says it cannot check for now (`verificationCheckFailed`); the next polls wait
 * longer (`pollDelayAfter`); the first answer after them says so (`verificationCheckResumed`).
 */
function* pollUntilValidated(emailAddress: string) {
  let failures = 0;
  for (;;) {
    yield delay(pollDelayAfter(failures));
    let result: IsValidatedResponse;
    try {
      result = yield* callQuery(userApi.endpoints.isValidated, { email_address: emailAddress }, FRESH);
    } catch (error) {
      if (failures === 0) {
        yield* logFailure('go-green: verification polling failed', error);
        yield put(actions.verificationCheckFailed());
      }
      failures += 1;
      continue;
    }
    if (failures > 0) {
      failures = 0;
      yield put(actions.verificationCheckResumed());
    }
    if (result.validated) {
      yield* forgetLinkSent(LINK_SENT_KEY, CORRECTED_LINK_KEY);
      yield put(actions.validationResultReceived({ emailValidated: true }));
      return;
    }
  }
}

/**
 * STYLE point 11. takeLatest: a new start cancels the earlier poll, so two never overlap. The race
 * ends it on cancel, unmount or leaving the step; cancelling aborts the request in flight.
 */
function* pollVerification(action: ReturnType<typeof actions.pollingStarted>) {
  try {
    yield race({
      poll: call(pollUntilValidated, action.payload.emailAddress),
      cancel: take([actions.verificationCancelled.type, ...leftEmailStep]),
    });
  } finally {
    yield put(actions.pollingStopped());
  }
}

function* optIn() {
  const email = (yield select(selectOptInEmail)) as string;
  try {
    // a failed download of this code fails the opt-in like a failed request: the borrower can try again
    const { describeClient }: Awaited<ReturnType<typeof loadClientDescription>> = yield call(loadClientDescription);
    const client: ReturnType<typeof describeClient> = yield call(describeClient);
    // an opt-in naming an address not on file is a change of it: the password may be asked first
    yield* withReauth(() => callMutation(goGreenApi.endpoints.goGreenOptIn, { ...client, email }), actions, 'goGreenOptIn');
    yield* forgetLinkSent(LINK_SENT_KEY, CORRECTED_LINK_KEY);
    yield put(actions.optInSucceeded());
  } catch (error) {
    // cancelled: nothing was sent (the slice made Complete usable again)
    if (error instanceof ReauthCancelled) return;
    yield put(actions.optInFailed());
    yield put(messageShown(GO_GREEN_MESSAGES.problem));
    yield* reportIfUnexpected(error, 'goGreenOptIn');
  }
}

function* optOut() {
  try {
    yield* callMutation(goGreenApi.endpoints.goGreenOptOut, undefined);
  } catch (error) {
    yield put(actions.optOutFailed());
    yield put(messageShown(GO_GREEN_MESSAGES.problem));
    yield* reportIfUnexpected(error, 'goGreenOptOut');
    return;
  }
  yield put(actions.optOutSucceeded());
  const { navigation, sessionStore } = yield* getDependencies();
  sessionStore.setItem(OPTED_OUT_KEY, '1');
  yield call([navigation, navigation.navigate], PORTAL_URLS.goGreen, { fullReload: true });
}

function* reportSanitizerDownloadFailure(action: ReturnType<typeof actions.disclosuresSanitizerFailedToLoad>) {
  yield* reportIfUnexpected(new Error(action.payload.message), 'goGreenDisclosures');
}

export function* goGreenSaga() {
  yield takeLatest(actions.widgetMounted.type, loadStatus);
  yield takeLatest([actions.fieldChanged.type, ...leftEmailStep], checkEmail);
  yield takeEvery(actions.submitted.type, sendFromForm);
  yield takeEvery(actions.nextPressed.type, sendOnEnteringNeedsVerification);
  yield takeLeading(actions.verificationEmailRequested.type, sendVerification);
  yield takeLatest(actions.pollingStarted.type, pollVerification);
  yield takeEvery(actions.verificationCancelled.type, forgetCorrectedAddress);
  yield takeLeading(actions.optInRequested.type, optIn);
  yield takeLeading(actions.optOutRequested.type, optOut);
  yield takeEvery(actions.disclosuresSanitizerFailedToLoad.type, reportSanitizerDownloadFailure);
}
