/**
 * "This wasn't me" (issue 46 item 11): the notice to a replaced address carries a single-use link that
 * puts that address back, ends every session and API token, revokes the pending emailed links and
 * leads straight to choosing a new password (docs/security.md). It works without signing in.
 */
import type { FastifyRequest } from 'fastify';
import type { PortalContext } from '../http/context';
import { ADDRESS_RESTORE_DAYS, RESET_NONCE_MINUTES, hashSecret, looksLikeToken, randomToken } from '../auth/security';

/** The page of the link (`<path><token>/`, as the reset link carries its nonce); the form posts to the path itself. */
export const RESTORE_EMAIL_PATH = '/loanmanager/restore_email/';

/** A new link that puts `emailAddress` back on `userId`'s account for ADDRESS_RESTORE_DAYS: its path and when it expires. */
export async function issueAddressRestoreLink(ctx: PortalContext, userId: number, emailAddress: string) {
  const token = randomToken();
  const now = ctx.nowMs();
  const expiresAt = now + ADDRESS_RESTORE_DAYS * 86_400_000;
  await ctx.store.createAddressRestore({ tokenHash: hashSecret(token), userId, emailAddress, now, expiresAt });
  return { path: `${RESTORE_EMAIL_PATH}${token}/`, expiresAt };
}

/** Whether the link's token can still be used (the page offers its button, or says it no longer works). */
export async function addressRestoreUsable(ctx: PortalContext, token: unknown): Promise<boolean> {
  return looksLikeToken(token) && ctx.store.addressRestoreUsable(hashSecret(token), ctx.nowMs());
}

/**
 * Uses the link: the address back, everything of the account ended or revoked (one transaction), and a
 * fresh reset link whose page the browser goes to; 'invalid' when used, expired or unknown, 'in_use'
 * when another account has taken the address since.
 */
export async function restoreAddress(
  ctx: PortalContext,
  request: FastifyRequest,
  token: unknown,
): Promise<{ ok: true; resetPath: string } | { ok: false; reason: 'invalid' | 'in_use' }> {
  if (!looksLikeToken(token)) return { ok: false, reason: 'invalid' };
  const resetNonce = randomToken();
  const now = ctx.nowMs();
  const done = await ctx.store.restoreAddress({
    tokenHash: hashSecret(token),
    now,
    resetNonceHash: hashSecret(resetNonce),
    resetExpiresAt: now + RESET_NONCE_MINUTES * 60_000,
  });
  if (!done.ok) return done;
  request.log.info({ userId: done.userId }, 'replaced email address put back');
  return { ok: true, resetPath: `/loanmanager/reset_password/${resetNonce}/` };
}
