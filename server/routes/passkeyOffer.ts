/**
 * The offer of a passkey (issue 49): once, on the first landing page (main/ or loanoverview/) after a
 * registration or a password sign-in, a notice at the top of the page with "Add a passkey" (to the
 * profile's passkeys) and "Not now". Never a dialog: the page under it stays what the borrower came
 * for. Drawn hidden; the popups widget shows it where the browser can use passkeys
 * (src/features/popups/passkeyOffer.ts), so a page without WebAuthn or without scripts never sees it.
 * Not offered when the server has passkeys off, when the borrower already has one, or for 30 days
 * after "Not now" in this browser (a cookie holding only the time it was pressed: passkeys belong to
 * a device, so the answer does too; docs/security.md, "Passkeys: the threat model").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../src/platform/i18n/locales';
import { PASSKEYS_ON_PROFILE } from '../../src/lib/portalUrls';
import { PASSKEY_OFFER_ATTRIBUTE } from '../../src/platform/renderProtocol';
import type { PortalContext } from '../http/context';
import type { Account } from '../db/records';
import { escapeHtml, htmlText, RETURN_FIELD } from '../pages/html';
import { CSRF_FORM_FIELD, isHttps, maskCsrfToken, takePasskeyOfferFlag } from '../auth/security';
import { pageSchema } from './schemas';

const PASSKEY_OFFER_DECLINE_PATH = '/loanmanager/passkey_offer/not_now/';
/** The time "Not now" was pressed (ms since 1970), nothing else. */
const PASSKEY_OFFER_DECLINED_COOKIE = 'lm_passkey_offer_declined';
export const PASSKEY_OFFER_REST_DAYS = 30;
const REST_MS = PASSKEY_OFFER_REST_DAYS * 24 * 3600 * 1000;

function declinedRecently(request: FastifyRequest, nowMs: number): boolean {
  const declinedAt = Number(request.cookies[PASSKEY_OFFER_DECLINED_COOKIE]);
  return Number.isFinite(declinedAt) && declinedAt > 0 && nowMs - declinedAt < REST_MS;
}

/**
 * The offer's HTML for the top of a landing page, or '' (nothing due). The one-time flag set at sign-in
 * is taken on the first landing page either way, so the offer comes once.
 */
export async function passkeyOfferHtml(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, account: Account, locale: Locale, returnPath: string): Promise<string> {
  if (!ctx.options.passkeys || !takePasskeyOfferFlag(request, reply)) return '';
  if (declinedRecently(request, ctx.nowMs())) return '';
  if ((await ctx.store.passkeysOfUser(account.user.id)).length > 0) return '';
  const titleId = 'passkey-offer-title';
  return (
    `<section class="notice passkey-offer" ${PASSKEY_OFFER_ATTRIBUTE} hidden aria-labelledby="${titleId}">` +
    `<h2 id="${titleId}">${htmlText(locale, 'server.passkeyOffer.title')}</h2>` +
    `<p>${htmlText(locale, 'server.passkeyOffer.body')}</p>` +
    '<div class="passkey-offer-actions">' +
    `<a class="button-link" href="${PASSKEYS_ON_PROFILE}">${htmlText(locale, 'server.passkeyOffer.add')}</a>` +
    `<form method="post" action="${PASSKEY_OFFER_DECLINE_PATH}">` +
    `<input type="hidden" name="${CSRF_FORM_FIELD}" value="${maskCsrfToken(request.csrfToken)}">` +
    `<input type="hidden" name="${RETURN_FIELD}" value="${escapeHtml(returnPath)}">` +
    `<button type="submit">${htmlText(locale, 'server.passkeyOffer.notNow')}</button></form>` +
    '</div></section>'
  );
}

type FormRequest = FastifyRequest<{ Body: Record<string, unknown> | undefined }>;

/** What server/routes/pages/ lends (this file importing it would close an import circle). */
interface PageTools {
  verified(request: FormRequest): boolean;
  refused(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** A page of the portal to go back to (no open redirect: control 26), else home. */
  returnTarget(back: unknown): string;
}

/** "Not now": this browser is not offered a passkey for 30 days; back to the page it was pressed on. */
export function passkeyOfferRoutes(forms: FastifyInstance, ctx: PortalContext, { verified, refused, returnTarget }: PageTools) {
  forms.post<{ Body: Record<string, unknown> | undefined }>(
    PASSKEY_OFFER_DECLINE_PATH,
    { schema: pageSchema('“Not now” to the offer of a passkey (an addition, issue 49)', { form: true, notFound: 'This server does not offer passkeys (PASSKEYS=0)' }) },
    async (request, reply) => {
      if (!ctx.options.passkeys) return reply.callNotFound();
      if (!verified(request)) return refused(request, reply);
      reply.setCookie(PASSKEY_OFFER_DECLINED_COOKIE, String(ctx.nowMs()), {
        path: '/loanmanager/',
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(request),
        maxAge: REST_MS / 1000,
      });
      return reply.code(303).header('cache-control', 'no-store').redirect(returnTarget(request.body?.[RETURN_FIELD]));
    },
  );
}
