/** The address on file: its checks (syntax, not another user's) and the catalog texts they answer. */
import { EMAIL_PATTERN } from '../../src/lib/validation/rules';
import { HttpError, type PortalContext } from '../http/context';
import type { Account } from '../db/records';
import { localText } from '../http/i18n';

/** Catalog texts (src/platform/i18n/locales), in the request's language when sent. */
export const EMAIL_MESSAGES = {
  /** "Invalid email address" */
  invalid: localText('server.error.invalidEmail'),
  /** "This email address is already in use by another account." */
  inUse: localText('server.error.emailInUse'),
  /** "This account is not yours." */
  notYourAccount: localText('server.error.notYourAccount'),
  /** "That is not your password. Please try again." */
  wrongPassword: localText('server.error.wrongPassword'),
} as const;

/**
 * The one form an address is kept in: the domain in lower case (it is case-insensitive, RFC 5321
 * section 2.4), the local part as typed (a mail server may tell its cases apart), so
 * "Uma.New@EXAMPLE.COM" is stored, shown and mailed as "Uma.New@example.com".
 */
export function normalizeEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? address : address.slice(0, at + 1) + address.slice(at + 1).toLowerCase();
}

/** Whether `address` is the one on file (the same mailbox: addresses compare without case, as everywhere). */
export const isAddressOnFile = (account: Account, address: string) =>
  account.borrower.emailAddress !== null && account.borrower.emailAddress.toLowerCase() === address.toLowerCase();

/**
 * Syntax, and not the address of another user; 400 `{errors}` otherwise. The syntax is the
 * client's own EMAIL_PATTERN (a bare address, at most 254 characters): nothing else is mailed to.
 */
export async function checkEmailAvailable(ctx: PortalContext, account: Account, emailAddress: string) {
  const address = normalizeEmailAddress(emailAddress.trim());
  if (!EMAIL_PATTERN.test(address)) throw HttpError.errors(400, EMAIL_MESSAGES.invalid);
  if (await ctx.store.emailInUseByOtherUser(address, account.borrower.id)) throw HttpError.errors(400, EMAIL_MESSAGES.inUse);
  return address;
}

