/** A change of the address on file asked by the borrower (spec: user/request_email_change/). */
import type { FastifyRequest } from 'fastify';
import type { RequestEmailChangeResponse } from '../../src/api/schemas';
import type { Auth, PortalContext } from '../http/context';
import type { Account } from '../db/records';
import { emailLocale } from '../http/locale';
import { VERIFY_NONCE_HOURS } from '../auth/security';
import { notifyAddressReplaced } from './accountNotices';
import { checkEmailAvailable, isAddressOnFile } from './emailAddress';
import { sendVerificationEmail } from './emailVerification';
import { requireReauthentication } from './reauthentication';

/**
 * Puts `emailAddress` on file at once when it was verified before (the address it replaces is told),
 * or sends it a verification link: whether the borrower must verify it (`requires_validation`) and,
 * when so, the link's lifetime, which the go-green page states (the one number is the server's).
 * Another address than the one on file needs a recent re-authentication. The one on file again, in
 * any case (`Pat@Example.com` for `pat@example.com`: the same mailbox, as addresses compare
 * everywhere), changes nothing, so no password is asked and nobody is told: the stored spelling is
 * kept (docs/security.md, "A case-only change changes nothing"); unverified, its link is sent anew.
 */
export async function requestEmailChange(ctx: PortalContext, request: FastifyRequest, account: Account & { auth: Auth }, emailAddress: string): Promise<RequestEmailChangeResponse> {
  const typed = await checkEmailAvailable(ctx, account, emailAddress);
  const onFile = isAddressOnFile(account, typed);
  const address = onFile ? account.borrower.emailAddress! : typed;
  if (!onFile) await requireReauthentication(ctx, account.auth);
  if (await ctx.store.isEmailValidated(account.borrower.id, address)) {
    if (onFile) {
      // the stored spelling, marked verified if it was proven before: no change to tell
      if (!account.borrower.emailValidated) await ctx.store.setEmailOnFile(account.borrower.id, address, true, ctx.nowMs());
      return { requires_validation: false };
    }
    await ctx.store.setEmailOnFile(account.borrower.id, address, true, ctx.nowMs());
    // putting back an address verified before is a change like any other: the one it replaces is told
    await notifyAddressReplaced(ctx, request, account.user, account.borrower.emailAddress, address);
    return { requires_validation: false };
  }
  await ctx.store.recordPendingEmail(account.borrower.id, address, ctx.nowMs());
  await sendVerificationEmail(ctx, account.user, address, emailLocale(request, account.user));
  return { requires_validation: true, link_expires_in_seconds: VERIFY_NONCE_HOURS * 3600 };
}
