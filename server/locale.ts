/**
 * The borrower's language for a request (issue 19). Pages: the `lm_locale` cookie (the language
 * switch's choice, server/routes/pages.ts) when it names a language of the portal, else the
 * signed-in user's saved language, else English. API answers: the widget's own language, which it
 * sends as `Accept-Language: en|es` (src/api/baseApi.ts; the page's config block told it), else the
 * cookie, else English: a browser's own Accept-Language list ("es-MX,es;q=0.9,en;q=0.8") is not
 * a choice made in the portal and is not read. The language is never in an address.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../src/platform/i18n/locales';
import { signedInAccount, type PortalContext } from './context';
import type { Account } from './db/store';
import { isHttps } from './security';

/** The switch's cookie lasts a year; its path is the portal's, like the pages that read it. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const LOCALE_COOKIE_OPTIONS = { path: '/loanmanager', httpOnly: true, sameSite: 'lax' } as const;

/** The language the cookie names, or null (none, or not a language of the portal). */
export function cookieLocale(request: FastifyRequest): Locale | null {
  const value = request.cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : null;
}

/** The language an `Accept-Language` header names when it is exactly one code of the portal, else null. */
export function headerLocale(request: FastifyRequest): Locale | null {
  const header = request.headers['accept-language'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return isLocale(value) ? value : null;
}

/** The language of an API answer's texts (its error list): the widget's header, else the cookie, else English. */
export function apiLocale(request: FastifyRequest): Locale {
  return headerLocale(request) ?? cookieLocale(request) ?? DEFAULT_LOCALE;
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
