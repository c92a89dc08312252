/**
 * The one way a borrower becomes signed in, whatever they proved (a password, a passkey): the same
 * session (server/auth/sessions.ts `signIn`: a new session id, the CSRF token rotated), the language
 * remembered, the notice of a browser never seen before, and the loans the landing page needs. The
 * popups after it are the signed-in page's (the same page either way). Issue 49: a passkey sign-in
 * must create a session exactly as a password sign-in does, so both call this.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '../../src/api/schemas';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import type { PortalContext } from '../http/context';
import type { User } from '../db/records';
import { describeBrowser } from '../mail/emails';
import { rememberLocale } from '../http/locale';
import { flagPasskeyOffer } from '../auth/security';
import { recognizeBrowser, signIn } from '../auth/sessions';
import { availableLoans } from './accountAnswers';
import { noticeOf, noticeUrl } from './accountNotices';

/** What the borrower proved: logged (never with what they typed), so a sign-in's way can be told apart. */
export type SignInMethod = 'password' | 'passkey';

export async function signedInAs(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, user: User, method: SignInMethod): Promise<LoginResponse> {
  await signIn(ctx, request, reply, user.id, false);
  await rememberLocale(ctx, request, user);
  request.log.info({ userId: user.id, method }, 'signed in');
  // after a password, the landing page offers a passkey once (issue 49, server/routes/passkeyOffer.ts)
  if (method === 'password' && ctx.options.passkeys) flagPasskeyOffer(request, reply);
  // A browser the user never signed in from is told of; the first one ever only starts the record
  // (a user registered, or signed in first, before browsers were recorded).
  if ((await recognizeBrowser(ctx, request, reply, user.id)) === 'new') {
    await noticeOf(ctx, request, user.id, {
      kind: 'newBrowser',
      browser: describeBrowser(request.headers['user-agent']),
      resetUrl: noticeUrl(ctx, PORTAL_URLS.requestPasswordReset),
    });
  }
  const loans = await ctx.store.loansOfBorrower(user.borrowerId);
  return { available_loans: availableLoans(loans) };
}
