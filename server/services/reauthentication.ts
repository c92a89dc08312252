/**
 * Re-authentication (docs/security.md, "Re-authentication and the address on file"): a signed-in
 * session proves the password again, which opens a window in which it may change the address on file.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConfirmPasswordResponse } from '../../src/api/schemas';
import { LIMITS } from '../../src/lib/validation/messages';
import { HttpError, NOT_SIGNED_IN, type Auth, type PortalContext } from '../http/context';
import type { Account } from '../db/records';
import { verifyPassword } from '../auth/security';
import { renewSession } from '../auth/sessions';
import { EMAIL_MESSAGES } from './emailAddress';
import { answerWrongPassword, checkPasswordInTurn, refuseIfSignInPaused } from './wrongPasswords';

/** How long a confirmed password lets its session change the address on file
 * (docs/security.md, "Re-authentication and the address on file"). */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/** What an API token is told at user/confirm_password/: it has no session to open a window in. */
export const TOKEN_CANNOT_REAUTHENTICATE =
  'An API token cannot confirm a password, so it cannot change the email address on file: sign in to the portal to change it.';

/**
 * Refuses, with 403 `{"reauth_required": true}` (the contract's reauthRequiredSchema), a change of the
 * address on file by a session whose re-authentication window is not open, and by an API token
 * always (it has no window: docs/security.md). Called before anything is changed.
 */
export async function requireReauthentication(ctx: PortalContext, auth: Auth) {
  const open = auth.sessionId !== null && (await ctx.store.reauthWindowOpen(auth.sessionId, ctx.nowMs()));
  if (!open) throw new HttpError(403, { reauth_required: true });
}

/**
 * Confirms the password of a signed-in session and opens its window. As at sign-in: paused, the same
 * answer for every password; a wrong one counts towards the pause, warns before the last attempt, and
 * the one that pauses it is told to the borrower.
 */
export async function confirmPassword(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account & { auth: Auth },
  password: string,
): Promise<ConfirmPasswordResponse> {
  if (account.auth.sessionId === null) throw HttpError.errors(403, TOKEN_CANNOT_REAUTHENTICATE);
  const now = ctx.nowMs();
  const { username } = account.user;
  await refuseIfSignInPaused(ctx, reply, username, now);
  const checked = await checkPasswordInTurn(
    ctx,
    request,
    reply,
    username,
    now,
    async () => password.length <= LIMITS.validatorMaximum && (await verifyPassword(password, account.user.passwordHash)),
  );
  if (!checked.matches) {
    request.log.info({ userId: account.user.id }, 're-authentication refused');
    return answerWrongPassword(ctx, request, reply, username, account.user, now, checked.place, EMAIL_MESSAGES.wrongPassword);
  }
  return reauthenticated(ctx, request, reply, account.user.id, 'password');
}

/**
 * The one way a session becomes re-authenticated, whatever the borrower proved (the password, a
 * passkey: server/services/passkeys.ts): the session gets a new id whose window is open for
 * REAUTH_WINDOW_MS (renewSession), so a copy of the old cookie gains nothing (issue 46 item 3).
 */
export async function reauthenticated(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  method: 'password' | 'passkey',
): Promise<ConfirmPasswordResponse> {
  if (!(await renewSession(ctx, request, reply, { reauthUntil: ctx.nowMs() + REAUTH_WINDOW_MS }))) throw HttpError.errors(401, NOT_SIGNED_IN);
  request.log.info({ userId, method }, 're-authenticated');
  return { reauth_expires_in_seconds: REAUTH_WINDOW_MS / 1000 };
}
