/** The emailed link that proves an address (registration, an email change, go green). */
import type { User } from '../db/records';
import type { Locale } from '../../src/platform/i18n/locales';
import type { FastifyRequest } from 'fastify';
import { HttpError, type PortalContext } from '../http/context';
import { verificationEmail } from '../mail/emails';
import { VERIFY_NONCE_HOURS, hashSecret, randomToken } from '../auth/security';
import { MESSAGES_SERVER } from './accountAnswers';
import { notifyAddressReplaced } from './accountNotices';

/** The emailed verification link for an address (register, email change, go green), in `locale`: the
 * language of the request that asked for it (server/http/locale.ts `emailLocale`). */
export async function sendVerificationEmail(ctx: PortalContext, user: Pick<User, 'id'>, emailAddress: string, locale: Locale) {
  const nonce = randomToken();
  const now = ctx.nowMs();
  const expiresAt = now + VERIFY_NONCE_HOURS * 3600 * 1000;
  await ctx.store.createNonce({
    purpose: 'verify_email',
    nonceHash: hashSecret(nonce),
    userId: user.id,
    emailAddress,
    now,
    expiresAt,
  });
  const link = `/loanmanager/verify_email/?nonce=${nonce}`;
  await ctx.mailer.send({
    to: emailAddress,
    ...verificationEmail(locale, { url: `${ctx.options.publicUrl}${link}`, hours: VERIFY_NONCE_HOURS }),
    links: [link],
    expiresAt,
  });
}


/** Completes the emailed verification link: the address is on file and verified; the one it replaced is told. */
export async function verifyEmail(ctx: PortalContext, request: FastifyRequest, nonce: string) {
  const done = await ctx.store.completeEmailVerification(hashSecret(nonce), ctx.nowMs());
  if (!done.ok) {
    throw HttpError.errors(400, done.reason === 'in_use' ? MESSAGES_SERVER.emailInUse : MESSAGES_SERVER.verifyFailed);
  }
  request.log.info({ userId: done.userId }, 'email address verified');
  if (done.previousEmailAddress && done.previousEmailAddress.toLowerCase() !== done.emailAddress.toLowerCase()) {
    const account = await ctx.store.getAccount(done.userId);
    if (account) await notifyAddressReplaced(ctx, request, account.user, done.previousEmailAddress, done.emailAddress);
  }
}
