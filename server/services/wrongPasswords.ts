/**
 * Wrong passwords: counted per username towards a pause of its sign-in (sign-in, and every route
 * that asks a signed-in borrower for their password again: user/confirm_password/).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import { HttpError, type PortalContext } from '../http/context';
import type { User } from '../db/records';
import { localText, type LocalText } from '../http/i18n';
import { clientKeyOf } from '../http/clientKey';
import { ClientGoneError, inPasswordTurn } from '../auth/passwordHashing';
import { hashSecret } from '../auth/security';
import { noticeOf, noticeUrl } from './accountNotices';

/** "Invalid username or password." */
export const INVALID_CREDENTIALS = localText('server.error.invalidCredentials');

/** What sign-in failures are counted by: the username as the borrower would retype it. Re-authentication
 * (user/confirm_password/) counts its wrong passwords under the same key. */
export const loginThrottleKey = (username: string) => hashSecret(`login:${username.trim().toLowerCase()}`);

/**
 * The answer of a paused sign-in, the same for every password and every username, existing or not:
 * 429, `retry-after`, and the pause in minutes (the config's, as the notice emailed says it) in the
 * text and as `lockout_minutes` for the portal's sign-in page, which says it in its own words.
 */
function signInPaused(ctx: PortalContext, reply: FastifyReply, retryAfterMs: number): HttpError {
  void reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
  const minutes = ctx.options.loginLockoutMinutes;
  return new HttpError(429, { errors: [localText('server.error.signInLocked', { minutes })], lockout_minutes: minutes });
}

/**
 * Throws the paused answer when `username`'s sign-in is paused. Checked before the password:
 * a paused username answers the same for every password, so the pause reveals neither.
 */
export async function refuseIfSignInPaused(ctx: PortalContext, reply: FastifyReply, username: string, now: number) {
  const throttle = await ctx.store.loginThrottle(loginThrottleKey(username), now);
  if (throttle.locked) throw signInPaused(ctx, reply, throttle.retryAfterMs);
}

/** The right password for `username`: its count of wrong ones starts again. */
async function forgetWrongPasswords(ctx: PortalContext, username: string) {
  await ctx.store.clearLoginFailures(loginThrottleKey(username));
}

/** Aborts when the request's client goes away before its answer is written (the connection closed). */
function clientGoneSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  if (request.raw.socket?.destroyed === true) controller.abort();
  else response.once('close', () => !response.writableFinished && controller.abort());
  return controller.signal;
}

/** The outcome of a password check: right, or wrong with its place in the count of wrong passwords. */
type PasswordCheck = { matches: true } | { matches: false; place: number };

/**
 * A password check of `username` (sign-in, and every route that asks a signed-in borrower for their
 * password again), made fair and atomic (issue 46 items 1 and 2; docs/security.md):
 * - it waits for its client's turn (server/auth/passwordHashing.ts `inPasswordTurn`): a client with too
 *   many waiting is refused (HashingBusyError, 503), and a client gone before its turn is dropped
 *   (ClientGoneError) with nothing written, no count, no hash;
 * - in its turn it first claims a place in the count of wrong passwords (`claimLoginAttempt`): none
 *   left, the paused answer, unchecked; so however many arrive at once, at most `loginFailuresMax`
 *   wrong passwords are checked per window;
 * - then `check` runs (the hash); a right password clears the count, a wrong one keeps its place;
 * - the client gone by then: a right password does nothing more (ClientGoneError: no session).
 */
export async function checkPasswordInTurn(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  now: number,
  check: () => Promise<boolean>,
): Promise<PasswordCheck> {
  const gone = clientGoneSignal(request, reply);
  const throttleKey = loginThrottleKey(username);
  const outcome = await inPasswordTurn(clientKeyOf(request.ip, ctx.options.clientIpv6Prefix), gone, async (): Promise<PasswordCheck> => {
    const place = await ctx.store.claimLoginAttempt(throttleKey, now);
    if (place === null) {
      const throttle = await ctx.store.loginThrottle(throttleKey, now);
      throw signInPaused(ctx, reply, throttle.locked ? throttle.retryAfterMs : ctx.options.loginLockoutMinutes * 60_000);
    }
    let matches: boolean;
    try {
      matches = await check();
    } catch (error) {
      // not checked after all (the hashing refused it): the place is given back
      await ctx.store.releaseLoginAttempt(throttleKey);
      throw error;
    }
    if (!matches) return { matches: false, place };
    await forgetWrongPasswords(ctx, username);
    return { matches: true };
  });
  if (outcome.matches && gone.aborted) throw new ClientGoneError();
  return outcome;
}

/**
 * The answer to a wrong password for `username` (sign-in, and every route that asks a signed-in
 * borrower for their password again: they count towards the same pause), `place` its place in the
 * count (`checkPasswordInTurn`). Counted per username whether it exists or not (`user` null), so
 * the answers and their timing say nothing of which exist. Always throws:
 * - the failure that reaches `loginFailuresMax`: the paused answer (429), as the attempts after it
 *   get, and the notice to the borrower (a real account only, not awaited: the answer takes no
 *   longer for a username that exists than for one that does not);
 * - the failure before it: 400 with a second text and `attempts_left: 1`, `lockout_minutes`;
 * - any other: 400, the wrong-password text.
 * `wrongPassword` is that text: sign-in's "Invalid username or password." by default; a route that
 * asks a signed-in borrower for their password passes its own.
 */
export async function answerWrongPassword(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  user: Pick<User, 'id'> | null,
  now: number,
  failures: number,
  wrongPassword: LocalText = INVALID_CREDENTIALS,
): Promise<never> {
  const throttleKey = loginThrottleKey(username);
  const max = ctx.options.loginFailuresMax;
  const minutes = ctx.options.loginLockoutMinutes;
  if (user && failures === max) {
    void noticeOf(ctx, request, user.id, {
      kind: 'signInPaused',
      failures,
      minutes,
      resetUrl: noticeUrl(ctx, PORTAL_URLS.requestPasswordReset),
    });
  }
  if (failures >= max) {
    const throttle = await ctx.store.loginThrottle(throttleKey, now);
    throw signInPaused(ctx, reply, throttle.locked ? throttle.retryAfterMs : minutes * 60_000);
  }
  if (failures === max - 1) {
    throw new HttpError(400, {
      errors: [wrongPassword, localText('server.error.oneAttemptLeft', { minutes })],
      attempts_left: 1,
      lockout_minutes: minutes,
    });
  }
  throw HttpError.errors(400, wrongPassword);
}

