/** What the anonymous account endpoints share: their catalog texts, the captcha check, the username as typed, the loans answered. */
import type { FastifyRequest } from 'fastify';
import type { CaptchaAction } from '../auth/captcha';
import { HttpError, type PortalContext } from '../http/context';
import type { Loan } from '../db/records';
import { localText } from '../http/i18n';
import { INVALID_CREDENTIALS } from './wrongPasswords';

/**
 * What the account endpoints answer in their error lists: catalog texts (src/platform/i18n/locales,
 * namespace `server.error`), put in the request's language when sent (server/http/locale.ts `apiLocale`).
 * The English texts are unchanged.
 */
export const MESSAGES_SERVER = {
  alreadyRegistered: localText('server.error.alreadyRegistered'),
  usernameTaken: localText('server.error.usernameTaken'),
  usernameCharacters: localText('server.error.usernameCharacters'),
  captchaFailed: localText('server.error.captchaFailed'),
  noRegistration: localText('server.error.noRegistration'),
  resetExpired: localText('server.error.resetExpired'),
  verifyFailed: localText('server.error.verifyFailed'),
  invalidCredentials: INVALID_CREDENTIALS,
  maxLength50: localText('server.error.maxLength50'),
  emailInUse: localText('server.error.emailInUse'),
} as const;

export function availableLoans(loans: Loan[]) {
  return loans.map((loan) => ({ loanno: loan.loanno, property_address: loan.propertyAddress }));
}

/**
 * Spaces around a username are a typing habit, never part of it (USERNAME_PATTERN refuses spaces
 * inside one): every route that takes a username trims it, so an API client is answered as the
 * portal's own forms are.
 */
export function withTrimmedUsername<B extends { username: string }>(body: B): B {
  return { ...body, username: body.username.trim() };
}


/** 400 when the captcha token is refused for `action`. */
export async function checkCaptcha(ctx: PortalContext, request: FastifyRequest, token: string, action: CaptchaAction) {
  if (!(await ctx.captcha.verify(token, action, request.ip))) {
    throw HttpError.errors(400, MESSAGES_SERVER.captchaFailed);
  }
}
