/** The emailed password reset's second half: the link's nonce checked, the new password set. */
import type { FastifyRequest } from 'fastify';
import type { ResetPassword } from '../../src/api/contract';
import { LIMITS, MESSAGES } from '../../src/lib/validation/messages';
import { checkPasswordRule } from '../../src/lib/validation/passwordRule';
import { HttpError, type PortalContext } from '../context';
import { localText, type LocalText } from '../i18n';
import { checkPasswordPolicy } from '../passwordPolicy';
import { hashPassword, hashSecret } from '../security';
import { MESSAGES_SERVER } from './accountAnswers';
import { notifyBorrower } from './accountNotices';
import { loginThrottleKey } from './wrongPasswords';

/** 400 "expired" unless the reset link's nonce can still be used. */
export async function validateResetNonce(ctx: PortalContext, sentNonce: string) {
  const nonce = await ctx.store.findUsableNonce('password_reset', hashSecret(sentNonce), ctx.nowMs());
  if (!nonce) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
}

/**
 * Sets the new password of the reset link's user (the spec's rule, not too common, typed twice alike):
 * the other sessions end, the count of wrong passwords starts again, and the borrower is told.
 */
export async function resetPassword(ctx: PortalContext, request: FastifyRequest, body: ResetPassword) {
  const nonceHash = hashSecret(body.nonce);
  if (!(await ctx.store.findUsableNonce('password_reset', nonceHash, ctx.nowMs()))) {
    throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
  }
  const errors: LocalText[] = [];
  if (!checkPasswordRule(body.password).valid) errors.push(localText(MESSAGES.password));
  if (body.password.length > LIMITS.validatorMaximum) errors.push(localText(MESSAGES.maxLength200));
  const tooCommon = errors.length === 0 ? checkPasswordPolicy(body.password) : null;
  if (tooCommon) errors.push(localText(tooCommon));
  if (body.password !== body.password2) errors.push(localText(MESSAGES.passwordsDoNotMatch));
  if (errors.length > 0) throw new HttpError(400, { errors });
  const done = await ctx.store.completePasswordReset({
    nonceHash,
    passwordHash: await hashPassword(body.password, ctx.options.scryptN),
    now: ctx.nowMs(),
    keepSessionId: request.auth?.sessionId ?? null,
  });
  if (!done) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
  // whoever was guessing the old password has nothing left to lock the borrower out with
  await ctx.store.clearLoginFailures(loginThrottleKey(done.username));
  request.log.info({ userId: done.userId }, 'password reset');
  const account = await ctx.store.getAccount(done.userId);
  if (account) await notifyBorrower(ctx, request, account.user, account.borrower.emailAddress, { kind: 'passwordChanged' });
}
