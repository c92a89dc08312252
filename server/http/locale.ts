/**
 * The borrower's language for a request (issue 19). Pages: the `lm_locale` cookie (the language
 * switch's choice, server/routes/pages/) when it names a language of the portal, else the
 * signed-in user's saved language, else English. API answers: the widget's own language, which it
 * sends as `Accept-Language: en|es` (src/api/baseApi.ts; the page's config block told it), else the
 * cookie, else English: a browser's own Accept-Language list ("es-MX,es;q=0.9,en;q=0.8") is not
 * a choice made in the portal and is not read. The language is never in an address.
 *
 * Emails (issue 39, the rule in docs/server.md "The language of emails"): a mail a request causes
 * goes in that request's language (`emailLocale`); the account's saved language follows the
 * borrower's (`rememberLocale`: registration, sign-in, every signed-in API call), for the mail no
 * request of theirs causes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../src/platform/i18n/locales';
import { API_PREFIX, signedInAccount, type PortalContext } from './context';
import type { Account, User } from '../db/records';
import { isHttps } from '../auth/security';

/** The switch's cookie lasts a year; its path is the portal's, like the pages that read it. */
const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const LOCALE_COOKIE_OPTIONS = { path: '/loanmanager', httpOnly: true, sameSite: 'lax' } as const;

/** The language the cookie names, or null (none, or not a language of the portal). */
function cookieLocale(request: FastifyRequest): Locale | null {
  const value = request.cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : null;
}

/** The language an `Accept-Language` header names when it is exactly one code of the portal, else null. */
function headerLocale(request: FastifyRequest): Locale | null {
  const header = request.headers['accept-language'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return isLocale(value) ? value : null;
}

/** The language an API request says the borrower is using: the widget's header, else the cookie;
 * null when it says none (an API client that sends neither). */
function requestedLocale(request: FastifyRequest): Locale | null {
  return headerLocale(request) ?? cookieLocale(request);
}

/** The language of an API answer's texts (its error list): the widget's header, else the cookie, else English. */
export function apiLocale(request: FastifyRequest): Locale {
  return requestedLocale(request) ?? DEFAULT_LOCALE;
}

/**
 * The language of a mail that an API request causes (registration, recovery, reset, verification,
 * a signed-in change, a sign-in's notice): the language the borrower is using on that request, else
 * the recipient's saved language, else English. Mail no request of the borrower's causes (sign-in
 * paused by wrong passwords: anyone can type them) takes the saved one (server/mail/emails.ts
 * `recipientLocale`).
 */
export function emailLocale(request: FastifyRequest, user: Pick<User, 'locale'> | null | undefined): Locale {
  return requestedLocale(request) ?? user?.locale ?? DEFAULT_LOCALE;
}

/**
 * Saves the language the borrower is using on this request as their account's, when it names one
 * and it differs (one write per change of language): their later mail that no request causes
 * follows it. `user`: the signed-in user when the caller has it (a sign-in); else the request's.
 * A failure is logged and fails nothing: the borrower's action is not undone for a language.
 */
export async function rememberLocale(ctx: PortalContext, request: FastifyRequest, user?: Pick<User, 'id' | 'locale'>) {
  const chosen = requestedLocale(request);
  if (!chosen) return;
  try {
    const saved = user ?? (await signedInAccount(ctx, request))?.user;
    if (!saved || saved.locale === chosen) return;
    await ctx.store.setUserLocale(saved.id, chosen);
  } catch (error) {
    request.log.error({ err: error, userId: user?.id ?? request.auth?.userId }, 'language not saved');
  }
}

/**
 * Every signed-in API call the borrower makes saves their language (`rememberLocale`): after the
 * session is read and the CSRF check passed (onRequest), before the handler. A background poll is
 * the page, not the borrower (server/http/context.ts `backgroundPoll`), and pages are not actions (the
 * language switch saves its own choice, server/routes/pages/).
 */
export function registerLocaleHooks(app: FastifyInstance, ctx: PortalContext) {
  app.addHook('preHandler', async (request) => {
    if (!request.auth || request.routeOptions.config?.backgroundPoll === true) return;
    if (!request.routeOptions.url?.startsWith(API_PREFIX)) return;
    await rememberLocale(ctx, request);
  });
}

/**
 * The language of a page: the cookie, else the signed-in user's saved language, else English.
 * `account`: the signed-in account when the caller has it already (undefined: looked up here if
 * signed in; null: nobody is signed in).
 */
export async function requestLocale(ctx: PortalContext, request: FastifyRequest, account?: Account | null): Promise<Locale> {
  const chosen = cookieLocale(request);
  if (chosen) return chosen;
  const signedIn = account !== undefined ? account : await signedInAccount(ctx, request);
  return signedIn?.user.locale ?? DEFAULT_LOCALE;
}

export function setLocaleCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
  reply.setCookie(LOCALE_COOKIE, locale, {
    ...LOCALE_COOKIE_OPTIONS,
    secure: isHttps(request),
    maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
  });
}
