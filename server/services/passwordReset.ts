/** The emailed password reset: the link asked for and sent, then its nonce checked and the new password set. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestPasswordReset, ResetPassword } from '../../src/api/schemas';
import { LIMITS, MESSAGES } from '../../src/lib/validation/messages';
import { checkPasswordRule } from '../../src/lib/validation/passwordRule';
import { HttpError, type PortalContext } from '../http/context';
import { passwordResetEmail } from '../mail/emails';
import { localText, type LocalText } from '../http/i18n';
import { emailLocale } from '../http/locale';
import { checkPasswordPolicy } from '../auth/passwordPolicy';
import { RESET_NONCE_MINUTES, hashPassword, hashSecret, randomToken } from '../auth/security';
import { renewSession } from '../auth/sessions';
import { MESSAGES_SERVER, checkCaptcha, withTrimmedUsername } from './accountAnswers';
import { RESET_MAIL_CAPS, withinCaps } from './borrowerCaps';
import { notifyBorrower } from './accountNotices';
import { loginThrottleKey } from './wrongPasswords';

/** A reset link to the address on file of `username`, if there is such a user with an address and the
 * account has not had its links for now (RESET_MAIL_CAPS). Never throws. */
async function sendResetLink(ctx: PortalContext, request: FastifyRequest, username: string) {
  try {
    const user = await ctx.store.findUserByUsername(username);
    const account = user ? await ctx.store.getAccount(user.id) : null;
    const emailAddress = account?.borrower.emailAddress;
    if (!account || !emailAddress) return;
    // the answer went out long ago, the same whether capped or not: nothing tells the caller
    if (!(await withinCaps(ctx, 'reset-mail', account.user.id, RESET_MAIL_CAPS))) {
      request.log.info({ userId: account.user.id }, 'password reset link not sent: the account had its links for now');
      return;
    }
    const nonce = randomToken();
    const now = ctx.nowMs();
    const expiresAt = now + RESET_NONCE_MINUTES * 60 * 1000;
    await ctx.store.createNonce({
      purpose: 'password_reset',
      nonceHash: hashSecret(nonce),
      userId: account.user.id,
      emailAddress: null,
      now,
      expiresAt,
    });
    const link = `/loanmanager/reset_password/${nonce}/`;
    await ctx.mailer.send({
      to: emailAddress,
      ...passwordResetEmail(emailLocale(request, account.user), { url: `${ctx.options.publicUrl}${link}`, minutes: RESET_NONCE_MINUTES }),
      links: [link],
      expiresAt,
    });
  } catch (error) {
    request.log.error({ err: error }, 'password reset link not sent');
  }
}

/**
 * A reset link asked for: the captcha checked, then the same answer, after the same work, whether the
 * username exists or not: the lookup, the link and its mail come once the answer has gone
 * (`ctx.mailer.afterAnswer`; a real username answered measurably slower when they came first, issue
 * 38). A failure then is logged; the borrower asks again. The answer states how long a link works,
 * the same for all (the form's notice says it, issue 39).
 */
export async function requestPasswordReset(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, sent: RequestPasswordReset) {
  const body = withTrimmedUsername(sent);
  await checkCaptcha(ctx, request, body.recaptcha_response, 'request_password_reset');
  const answered = new Promise<void>((resolve) => {
    // once the answer is out, and after whatever else was waiting for it
    const later = () => setImmediate(resolve);
    void reply.then(later, later);
  });
  ctx.mailer.afterAnswer(answered.then(() => sendResetLink(ctx, request, body.username)));
  return { link_minutes: RESET_NONCE_MINUTES };
}

/** 400 "expired" unless the reset link's nonce can still be used. */
export async function validateResetNonce(ctx: PortalContext, sentNonce: string) {
  const nonce = await ctx.store.findUsableNonce('password_reset', hashSecret(sentNonce), ctx.nowMs());
  if (!nonce) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
}

/**
 * Sets the new password of the reset link's user (the spec's rule, not too common, typed twice alike):
 * the other sessions end, the count of wrong passwords starts again, and the borrower is told. Done in
 * a browser signed in as that user, its session carries on under a new id (issue 46 item 4): a copy
 * of the old cookie reads nothing after the reset.
 */
export async function resetPassword(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, body: ResetPassword) {
  const nonceHash = hashSecret(body.nonce);
  const link = await ctx.store.findUsableNonce('password_reset', nonceHash, ctx.nowMs());
  if (!link) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
  const errors: LocalText[] = [];
  const fields: Array<'password' | 'password2'> = [];
  if (!checkPasswordRule(body.password).valid) errors.push(localText(MESSAGES.password));
  if (body.password.length > LIMITS.validatorMaximum) errors.push(localText(MESSAGES.maxLength200));
  const tooCommon = errors.length === 0 ? checkPasswordPolicy(body.password, { username: (await ctx.store.getAccount(link.userId))?.user.username }) : null;
  if (tooCommon) errors.push(localText(tooCommon));
  if (errors.length > 0) fields.push('password');
  if (body.password !== body.password2) {
    errors.push(localText(MESSAGES.passwordsDoNotMatch));
    fields.push('password2');
  }
  // `fields`: the refused fields, so the page marks them (an expired link names none)
  if (errors.length > 0) throw new HttpError(400, { errors, fields });
  const done = await ctx.store.completePasswordReset({
    nonceHash,
    passwordHash: await hashPassword(body.password, ctx.options.scryptN),
    now: ctx.nowMs(),
    keepSessionId: request.auth?.sessionId ?? null,
  });
  if (!done) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
  if (request.auth?.sessionId != null && request.auth.userId === done.userId) await renewSession(ctx, request, reply);
  // whoever was guessing the old password has nothing left to lock the borrower out with
  await ctx.store.clearLoginFailures(loginThrottleKey(done.username));
  request.log.info({ userId: done.userId }, 'password reset');
  const account = await ctx.store.getAccount(done.userId);
  if (account) await notifyBorrower(ctx, request, account.user, account.borrower.emailAddress, { kind: 'passwordChanged' });
}
