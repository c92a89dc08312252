/**
 * The server's check of an address as it is typed (user/check_email_address/: in use by another
 * account?), shared by the forms that change the address on file (go-green's step 2, the profile).
 */
import { delay } from 'redux-saga/effects';
import { firstListedErrorOf, httpStatusOf } from '../api/baseApi';
import { callQuery } from '../api/sagaCall';
import { userApi } from '../api/userApi';

/** The server check of the typed address runs after this long without typing (spec sections 5 and 9). */
export const EMAIL_CHECK_DELAY_MS = 500;

/**
 * Waits EMAIL_CHECK_DELAY_MS (run under takeLatest, so a keystroke cancels it), then asks the server
 * afresh (the address may have been taken since an earlier answer): null when usable, else the
 * server's reason (400, in the borrower's language) or '' when it gave none (network, 5xx).
 */
export function* checkEmailAddressOnServer(value: string): Generator<unknown, string | null, unknown> {
  yield delay(EMAIL_CHECK_DELAY_MS);
  try {
    yield* callQuery(userApi.endpoints.checkEmailAddress, { email_address: value }, { forceRefetch: true, subscribe: false });
    return null;
  } catch (error) {
    return (httpStatusOf(error) === 400 ? firstListedErrorOf(error) : null) ?? '';
  }
}
