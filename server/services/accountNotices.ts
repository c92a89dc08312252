/**
 * Notices to the borrower of a change to their account, or of sign-in paused (OWASP ASVS 2.2.3): the
 * routes that change an account, and sign-in, call these once the change is stored.
 */
import type { FastifyRequest } from 'fastify';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import type { PortalContext } from '../http/context';
import type { User } from '../db/records';
import { accountNoticeEmail, recipientLocale, type AccountNotice } from '../mail/emails';
import { emailLocale } from '../http/locale';
import { maskEmail } from '../mail/mail';
import { ADDRESS_RESTORE_DAYS } from '../auth/security';
import { issueAddressRestoreLink } from './addressRestore';

/** The portal pages each notice links to (written out in full in its text). */
const NOTICE_LINKS: Record<AccountNotice['kind'], string[]> = {
  passwordChanged: [],
  // its own "this wasn't me" link (issueAddressRestoreLink), one per notice
  addressChanged: [],
  paperlessOn: [PORTAL_URLS.goGreen],
  paperlessOff: [PORTAL_URLS.goGreen],
  signInPaused: [PORTAL_URLS.requestPasswordReset],
  newBrowser: [PORTAL_URLS.requestPasswordReset],
  passkeyAdded: [PORTAL_URLS.requestPasswordReset],
  passkeyRemoved: [],
};

/**
 * Tells the borrower of a change to their account, or of sign-in paused (OWASP ASVS 2.2.3), so that
 * what they did not do is seen: at `to`, an address of theirs (none on file: nobody to tell). Queued
 * once the change is stored; a failure to queue it is logged and neither fails nor undoes the change.
 */
export async function notifyBorrower(
  ctx: PortalContext,
  request: FastifyRequest,
  user: Pick<User, 'id' | 'locale'>,
  to: string | null | undefined,
  change: AccountNotice,
  link?: { path: string; expiresAt: number },
) {
  if (!to) return;
  // In the language of the request that caused it, except sign-in paused: wrong passwords, which
  // anyone can type, cause it, and the owner reads it in their saved language (docs/server.md).
  const locale = change.kind === 'signInPaused' ? recipientLocale(user) : emailLocale(request, user);
  try {
    await ctx.mailer.send({
      to,
      ...accountNoticeEmail(locale, change, ctx.options.help),
      links: link ? [...NOTICE_LINKS[change.kind], link.path] : NOTICE_LINKS[change.kind],
      ...(link ? { expiresAt: link.expiresAt } : {}),
    });
  } catch (error) {
    request.log.error({ err: error, userId: user.id, change: change.kind }, 'account notice not queued');
  }
}

/** The absolute address of a portal page, for a notice's text. */
export const noticeUrl = (ctx: PortalContext, path: string) => `${ctx.options.publicUrl}${path}`;

/**
 * Tells the address on file that another replaced it, with a single-use link that puts it back and
 * leads to a new password ("this wasn't me": server/services/addressRestore.ts; docs/security.md,
 * "Re-authentication and the address on file"): every path that changes the address on file calls
 * this once the change is stored (the verification link, putting back an address verified before,
 * an opt-in naming another one).
 * Nothing when there was none, or the new one is the same address.
 */
export async function notifyAddressReplaced(
  ctx: PortalContext,
  request: FastifyRequest,
  user: Pick<User, 'id' | 'locale'>,
  previousAddress: string | null,
  newAddress: string,
) {
  if (!previousAddress || previousAddress.toLowerCase() === newAddress.toLowerCase()) return;
  let link: { path: string; expiresAt: number };
  try {
    link = await issueAddressRestoreLink(ctx, user.id, previousAddress);
  } catch (error) {
    request.log.error({ err: error, userId: user.id, change: 'addressChanged' }, 'account notice not queued');
    return;
  }
  await notifyBorrower(
    ctx,
    request,
    user,
    previousAddress,
    { kind: 'addressChanged', address: maskEmail(newAddress), restoreUrl: noticeUrl(ctx, link.path), days: ADDRESS_RESTORE_DAYS },
    link,
  );
}

/** A notice to a user's address on file, for the sign-in, which has the user's id only. Never throws:
 * the paused sign-in's notice is not awaited (see there). */
export async function noticeOf(ctx: PortalContext, request: FastifyRequest, userId: number, notice: AccountNotice) {
  try {
    const account = await ctx.store.getAccount(userId);
    if (account) await notifyBorrower(ctx, request, account.user, account.borrower.emailAddress, notice);
  } catch (error) {
    request.log.error({ err: error, userId, change: notice.kind }, 'account notice not queued');
  }
}

