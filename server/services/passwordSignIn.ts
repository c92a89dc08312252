/** Sign-in with a username and password (our addition), counted towards the pause of wrong passwords. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Login, LoginResponse } from '../../src/api/contract';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import { LIMITS } from '../../src/lib/validation/messages';
import type { PortalContext } from '../context';
import { describeBrowser } from '../emails';
import { rememberLocale } from '../locale';
import { hashPassword, needsRehash, verifyLoginPassword } from '../security';
import { recognizeBrowser, signIn } from '../sessions';
import { availableLoans, withTrimmedUsername } from './accountAnswers';
import { noticeOf, noticeUrl } from './accountNotices';
import { answerWrongPassword, checkPasswordInTurn, refuseIfSignInPaused } from './wrongPasswords';

/**
 * Signs the user in with their password: a paused username answers the same for every password; an
 * unknown one, or an old cheaper hash, costs a hash at the current cost; a browser never seen
 * before is told of. The user's loans.
 */
export async function signInWithPassword(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, sent: Login): Promise<LoginResponse> {
  const body = withTrimmedUsername(sent);
  const now = ctx.nowMs();
  // paused: the same answer for every password (refuseIfSignInPaused)
  await refuseIfSignInPaused(ctx, reply, body.username, now);
  const user = body.username.length <= LIMITS.inputMaximum ? await ctx.store.findUserByUsername(body.username) : null;
  const tooLong = body.password.length > LIMITS.validatorMaximum;
  // In the client's turn, its place in the count claimed first (checkPasswordInTurn). Unknown usernames
  // and old, cheaper hashes cost one hash at the current cost: the time tells nothing.
  const checked = await checkPasswordInTurn(ctx, request, reply, body.username, now, async () =>
    tooLong ? false : (await verifyLoginPassword(body.password, user?.passwordHash ?? null, ctx.options.scryptN)) && user !== null,
  );
  if (!user || !checked.matches) return answerWrongPassword(ctx, request, reply, body.username, user, now, checked.matches ? 1 : checked.place);
  if (needsRehash(user.passwordHash, ctx.options.scryptN)) {
    await ctx.store.updatePasswordHash(user.id, user.passwordHash, await hashPassword(body.password, ctx.options.scryptN));
  }
  await signIn(ctx, request, reply, user.id, false);
  await rememberLocale(ctx, request, user);
  request.log.info({ userId: user.id }, 'signed in');
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
