/**
 * The inactivity warning's timer (docs/security.md, control 24). Once the widget is on the page:
 * ask the server when the session ends (user/session/); then wait, in one race, for whichever
 * comes first: a request the page makes for the borrower (RTK Query's own actions: the server
 * counted it, so the end moves), an end announced by another tab (tabSync.ts), or the moment to
 * warn, WARNING_BEFORE_END_MS before the end. The warning waits for "Stay signed in"
 * (user/session/extend/), "Sign out", another tab's later end, or the end itself: then the page
 * signs out (account/logout/) and goes to the sign-in page, which says why and returns here.
 * Cancelling the saga (the page goes away) cancels the timers and closes the tab channel.
 */
import { isAnyOf, type Action, type UnknownAction } from '@reduxjs/toolkit';
import { call, delay, put, race, take } from 'redux-saga/effects';
import { accountApi } from '../../api/accountApi';
import { api, httpStatusOf } from '../../api/baseApi';
import type { SessionTimeout } from '../../api/schemas';
import { callMutation, callQuery } from '../../api/sagaCall';
import { BACKGROUND_POLLS, userApi } from '../../api/userApi';
import { LOGIN_AFTER_SIGN_OUT, loginAfterInactivity } from '../../lib/portalUrls';
import { getDependencies } from '../../platform/dependencies';
import {
  endMoved,
  extendFailed,
  signOutPressed,
  staySignedInPressed,
  timedOut,
  warningShown,
  widgetMounted,
} from './sessionTimeoutSlice';
import { openTabSync, type TabSync } from './tabSync';

/** The warning opens this long before the end: time to notice it and answer (WCAG 2.2.1 asks for at least 20 s). */
export const WARNING_BEFORE_END_MS = 120_000;

/** What no request moves: how long a request keeps the session, and its absolute end. */
interface Limits {
  idleMs: number;
  maxEndsAt: number;
}

/** The calls this widget makes itself, and the background polls: they keep no session for the borrower. */
const OWN_CALLS = [userApi.endpoints.getSessionTimeout, userApi.endpoints.extendSession, accountApi.endpoints.logout, ...BACKGROUND_POLLS];
const isOwnCall = isAnyOf(...OWN_CALLS.flatMap((endpoint) => [endpoint.matchFulfilled, endpoint.matchRejected]));

interface EndpointMatchers {
  matchFulfilled(action: unknown): boolean;
  matchRejected(action: unknown): action is { payload?: unknown };
}

/**
 * A request of the page that reached the server for the borrower: a query or mutation answered
 * (an error status too, except 401: then there was no session to keep), not a background poll.
 * Every endpoint injected so far is asked (endpoints arrive with each feature's flows).
 */
function isBorrowerRequest(action: Action): boolean {
  if (isOwnCall(action)) return false;
  return (Object.values(api.endpoints) as EndpointMatchers[]).some((endpoint) => {
    if (endpoint.matchFulfilled(action)) return true;
    if (!endpoint.matchRejected(action)) return false;
    const status = httpStatusOf(action.payload);
    return status !== null && status !== 401;
  });
}

function secondsToMs(seconds: number): number {
  return seconds * 1000;
}

function* signOutAndGo(url: string) {
  const { navigation, reporter } = yield* getDependencies();
  try {
    yield* callMutation(accountApi.endpoints.logout, undefined);
  } catch (error) {
    // the session may be over already; the sign-in page is where the borrower goes either way
    reporter.log('session timeout: the sign-out request failed', { status: httpStatusOf(error) });
  }
  yield call([navigation, navigation.navigate], url, { fullReload: true });
}

function* signOutForInactivity() {
  yield put(timedOut());
  // the page with its query (the loan asked for: loginAfterInactivity keeps what the page reads)
  yield* signOutAndGo(loginAfterInactivity(`${window.location.pathname}${window.location.search}`));
}

/** The warning, until it is answered: the new end, or null once the page is leaving. */
function* warn(tabs: TabSync, endsAt: number): Generator<unknown, number | null, unknown> {
  yield put(warningShown());
  for (;;) {
    const event = (yield race({
      stay: take(staySignedInPressed.type),
      signOut: take(signOutPressed.type),
      otherTab: take(tabs.ends),
      end: delay(Math.max(0, endsAt - Date.now())),
    })) as { stay?: unknown; signOut?: unknown; otherTab?: number; end?: true };
    if (event.stay) {
      try {
        const answer: SessionTimeout = yield* callMutation(userApi.endpoints.extendSession, undefined);
        if (answer.expires_in_seconds === null) throw new Error('the session has no end to move');
        const next = Date.now() + secondsToMs(answer.expires_in_seconds);
        yield put(endMoved({ endsAt: next, cause: 'extended' }));
        tabs.announce(next);
        return next;
      } catch (error) {
        if (httpStatusOf(error) === 401) {
          // ended already (signed out in another window, or the server's clock was first)
          yield* signOutForInactivity();
          return null;
        }
        yield put(extendFailed());
        const { reporter } = yield* getDependencies();
        reporter.log('session timeout: "Stay signed in" failed', { status: httpStatusOf(error) });
      }
    } else if (event.signOut) {
      // the sign-in page says "You have signed out", as after the header's sign-out
      yield* signOutAndGo(LOGIN_AFTER_SIGN_OUT);
      return null;
    } else if (event.otherTab !== undefined) {
      if (event.otherTab > endsAt) {
        yield put(endMoved({ endsAt: event.otherTab, cause: 'otherTab' }));
        return event.otherTab;
      }
    } else {
      yield* signOutForInactivity();
      return null;
    }
  }
}

function* watch(tabs: TabSync, answer: SessionTimeout & { expires_in_seconds: number; idle_timeout_seconds: number }) {
  const now = Date.now();
  const limits: Limits = {
    idleMs: secondsToMs(answer.idle_timeout_seconds),
    maxEndsAt: now + secondsToMs(answer.max_expires_in_seconds ?? answer.expires_in_seconds),
  };
  let endsAt = now + secondsToMs(answer.expires_in_seconds);
  yield put(endMoved({ endsAt, cause: 'loaded' }));
  tabs.announce(endsAt);
  for (;;) {
    const event = (yield race({
      activity: take(isBorrowerRequest),
      otherTab: take(tabs.ends),
      warn: delay(Math.max(0, endsAt - WARNING_BEFORE_END_MS - Date.now())),
    })) as { activity?: UnknownAction; otherTab?: number; warn?: true };
    if (event.activity) {
      const next = Math.min(Date.now() + limits.idleMs, limits.maxEndsAt);
      if (next > endsAt) {
        endsAt = next;
        yield put(endMoved({ endsAt, cause: 'activity' }));
        tabs.announce(endsAt);
      }
    } else if (event.otherTab !== undefined) {
      if (event.otherTab > endsAt) {
        endsAt = event.otherTab;
        yield put(endMoved({ endsAt, cause: 'otherTab' }));
      }
    } else {
      const next = yield* warn(tabs, endsAt);
      if (next === null) return;
      endsAt = next;
    }
  }
}

export function* sessionTimeoutSaga() {
  yield take(widgetMounted.type);
  let answer: SessionTimeout;
  try {
    answer = yield* callQuery(userApi.endpoints.getSessionTimeout, undefined, { forceRefetch: true });
  } catch (error) {
    // not signed in (a host page placed the widget anyway), or the server is unreachable: no warning
    const { reporter } = yield* getDependencies();
    reporter.log('session timeout: the end of the session is unknown', { status: httpStatusOf(error) });
    return;
  }
  const { expires_in_seconds: expiresIn, idle_timeout_seconds: idleTimeout } = answer;
  // an API token (a host page's credential) does not idle out
  if (expiresIn === null || idleTimeout === null) return;
  const tabs = openTabSync();
  try {
    yield* watch(tabs, { ...answer, expires_in_seconds: expiresIn, idle_timeout_seconds: idleTimeout });
  } finally {
    tabs.close();
  }
}
