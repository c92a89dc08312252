/** Sign-in with a username and password (our addition), counted towards the pause of wrong passwords. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Login, LoginResponse } from '../../src/api/schemas';
import { LIMITS } from '../../src/lib/validation/messages';
import type { PortalContext } from '../http/context';
import { hashPassword, needsRehash, verifyLoginPassword } from '../auth/security';
import { withTrimmedUsername } from './accountAnswers';
import { signedInAs } from './signedInAs';
import { answerWrongPassword, checkPasswordInTurn, refuseIfSignInPaused } from './wrongPasswords';

/**
 * Signs the user in with their password: a paused username answers the same for every password; an
 * unknown one, or an old cheaper hash, costs a hash at the current cost; a browser never seen
 * before is told of (signedInAs, as a passkey sign-in). The user's loans.
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
  return signedInAs(ctx, request, reply, user, 'password');
}
