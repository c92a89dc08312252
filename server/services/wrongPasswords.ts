/**
 * Wrong passwords: counted per username towards a pause of its sign-in (sign-in, and every route
 * that asks a signed-in borrower for their password again: user/confirm_password/).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import { HttpError, type PortalContext } from '../context';
import type { User } from '../db/store';
import { localText, type LocalText } from '../i18n';
import { hashSecret } from '../security';
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
export async function forgetWrongPasswords(ctx: PortalContext, username: string) {
  await ctx.store.clearLoginFailures(loginThrottleKey(username));
}

/**
 * The answer to a wrong password for `username` (sign-in, and every route that asks a signed-in
 * borrower for their password again: they count towards the same pause). Counted per username
 * whether it exists or not (`user` null), so the answers and their timing say nothing of which
 * exist. Always throws:
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
  wrongPassword: LocalText = INVALID_CREDENTIALS,
): Promise<never> {
  const throttleKey = loginThrottleKey(username);
  const failures = await ctx.store.recordLoginFailure(throttleKey, now);
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

