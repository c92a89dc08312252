/**
 * The re-authentication sequence (issue 38) every change of the address on file goes through:
 * the change is sent; a 403 `{reauth_required: true}` opens the password dialog (the feature's
 * `reauthRequired`); each Confirm sends `user/confirm_password/`; once accepted, the same change is
 * sent again, with what the borrower typed. Cancel ends it without a change (`ReauthCancelled`).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, put, take } from 'redux-saga/effects';
import { is } from 'valibot';
import { errorBodyOf, firstListedErrorOf, httpStatusOf, renewHeaderFormTokens } from '../api/baseApi';
import { reauthRequiredSchema } from '../api/schemas';
import { passkeyApi } from '../api/passkeyApi';
import { callMutation } from '../api/sagaCall';
import { userApi } from '../api/userApi';
import { reportIfUnexpected } from './submissionFlow';
import { passkeyAssertion, passkeyPromptDismissed } from './webauthn';
import { REAUTH_MESSAGES } from '../state/reauthState';

/** The feature's actions of the dialog (built by `reauthReducers`). */
export interface ReauthActions {
  reauthRequired(): UnknownAction;
  reauthPasswordSubmitted: { (password: string): UnknownAction; type: string; match(action: unknown): action is { payload: { password: string } } };
  reauthRefused(message: string): UnknownAction;
  reauthConfirmed(): UnknownAction;
  reauthCancelled: { type: string };
  reauthPasskeyRequested: { type: string };
  reauthPasskeyDismissed(): UnknownAction;
}

/** Thrown by `withReauth` when the borrower cancelled the dialog: nothing was changed, nothing is to be said. */
export class ReauthCancelled extends Error {
  constructor() {
    super('re-authentication cancelled');
    this.name = 'ReauthCancelled';
  }
}

/** A 403 whose body says the change needs the password again (the contract's `reauthRequiredSchema`). */
function isReauthRequired(error: unknown): boolean {
  return httpStatusOf(error) === 403 && is(reauthRequiredSchema, errorBodyOf(error));
}

/**
 * Asks for the password until it is accepted (true) or the borrower cancels (false). A wrong
 * password (400) and a paused sign-in (429, the server's text when it sent one: it says how long)
 * keep the dialog open with the reason; so does a failure to check, which is also reported.
 */
function* confirmPassword(actions: ReauthActions, flow: string): Generator<unknown, boolean, unknown> {
  yield put(actions.reauthRequired());
  for (;;) {
    const answer = (yield take([actions.reauthPasswordSubmitted.type, actions.reauthCancelled.type, actions.reauthPasskeyRequested.type])) as UnknownAction;
    if (answer.type === actions.reauthPasskeyRequested.type) {
      if (yield* confirmWithPasskey(actions, flow)) return true;
      continue;
    }
    if (!actions.reauthPasswordSubmitted.match(answer)) return false;
    try {
      yield* callMutation(userApi.endpoints.confirmPassword, { password: answer.payload.password });
      yield call(renewHeaderFormTokens);
      yield put(actions.reauthConfirmed());
      return true;
    } catch (error) {
      const status = httpStatusOf(error);
      const message: string =
        status === 400 ? REAUTH_MESSAGES.incorrect : status === 429 ? (firstListedErrorOf(error) ?? REAUTH_MESSAGES.paused) : REAUTH_MESSAGES.failed;
      yield put(actions.reauthRefused(message));
      yield* reportIfUnexpected(error, `${flow}Reauth`);
    }
  }
}

/**
 * Step-up with a passkey instead of the password (issue 49): the server's options (the user's own
 * passkeys), the browser's prompt, the answer to user/confirm_passkey/, which opens the same window.
 * A closed prompt leaves the dialog as it was; a refusal says so in it.
 */
function* confirmWithPasskey(actions: ReauthActions, flow: string): Generator<unknown, boolean, unknown> {
  try {
    const options = yield* callMutation(passkeyApi.endpoints.passkeyReauthOptions, undefined);
    if (Array.isArray(options.allowCredentials) && options.allowCredentials.length === 0) {
      yield put(actions.reauthRefused(REAUTH_MESSAGES.noPasskey));
      return false;
    }
    const credential = (yield call(passkeyAssertion, options)) as Awaited<ReturnType<typeof passkeyAssertion>>;
    yield* callMutation(passkeyApi.endpoints.confirmPasskey, { credential });
    yield call(renewHeaderFormTokens);
    yield put(actions.reauthConfirmed());
    return true;
  } catch (error) {
    if (passkeyPromptDismissed(error)) {
      yield put(actions.reauthPasskeyDismissed());
      return false;
    }
    yield put(actions.reauthRefused(REAUTH_MESSAGES.passkeyFailed));
    yield* reportIfUnexpected(error, `${flow}PasskeyReauth`);
    return false;
  }
}

/**
 * Runs `change`; when it answers reauth_required, asks for the password and runs it once more.
 * Any other failure, the retry's included, is the caller's; a cancel throws `ReauthCancelled`.
 */
export function* withReauth<R>(
  change: () => Generator<unknown, R, unknown>,
  actions: ReauthActions,
  flow: string,
): Generator<unknown, R, unknown> {
  try {
    return yield* change();
  } catch (error) {
    if (!isReauthRequired(error)) throw error;
  }
  if (!(yield* confirmPassword(actions, flow))) throw new ReauthCancelled();
  return yield* change();
}
