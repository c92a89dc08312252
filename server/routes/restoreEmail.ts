/**
 * The page of the "this wasn't me" link (server/services/addressRestore.ts), drawn here like the other
 * plain pages, in the request's language. Opening the link changes nothing (a mail scanner may open
 * it): its button posts the token in a form, with the CSRF token, and the answer goes straight to the
 * reset page of a fresh reset link. The token is in the link's path only, masked in the logs like the
 * reset link's nonce; the pages send no Referer (Referrer-Policy: no-referrer, server/http/app.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import type { Locale } from '../../src/platform/i18n/locales';
import type { PortalContext } from '../http/context';
import { escapeHtml, htmlText, renderPage, trustedHtml, type HelpContact } from '../pages/html';
import { serverText } from '../http/i18n';
import { requestLocale } from '../http/locale';
import { CSRF_FORM_FIELD, maskCsrfToken } from '../auth/security';
import { pageSchema } from './schemas';
import { RESTORE_EMAIL_PATH, addressRestoreUsable, restoreAddress } from '../services/addressRestore';

/** The refusal of a link used, expired or unknown. */
const NO_LONGER = 'The link no longer works: used, expired or unknown (HTML)';

/** The form's field carrying the link's token. */
const TOKEN_FIELD = 'token';

type FormRequest = FastifyRequest<{ Body: Record<string, unknown> | undefined }>;

/** What the pages lend (passed in by server/routes/pages/forms.ts: importing it would close an import circle). */
interface PageTools {
  /** The form's CSRF token matches the cookie, and no other site sent it. */
  verified(request: FormRequest): boolean;
  /** The answer to a form that is not verified. */
  refused(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  sendHtml(reply: FastifyReply, statusCode: number, html: string): Promise<unknown>;
  /** "call {phone} ({hours}) or email {email}", as HTML. */
  contactLine(locale: Locale, help: HelpContact): string;
}

/** Registered on the pages' form scope (server/routes/pages/forms.ts), which parses url-encoded bodies. */
export function restoreEmailRoutes(forms: FastifyInstance, ctx: PortalContext, { verified, refused, sendHtml, contactLine }: PageTools) {
  const rateLimit = { rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000 } };

  /** A page of this flow, signed out, with the header's language switch back to `returnPath`. */
  const page = async (request: FastifyRequest, reply: FastifyReply, status: number, titleId: 'server.restoreEmail.title' | 'server.restoreEmail.expiredTitle' | 'server.restoreEmail.inUseTitle', content: (locale: Locale) => string, returnPath: string) => {
    const locale = await requestLocale(ctx, request);
    const title = serverText(locale, titleId);
    return sendHtml(
      reply,
      status,
      renderPage({ locale, help: ctx.options.help, localeSwitch: { maskedCsrfToken: maskCsrfToken(request.csrfToken), returnPath }, title, heading: title, content: content(locale) }),
    );
  };
  const contact = (locale: Locale) => ({ contact: trustedHtml(contactLine(locale, ctx.options.help)) });
  const noLonger = (request: FastifyRequest, reply: FastifyReply) =>
    page(request, reply, 400, 'server.restoreEmail.expiredTitle', (locale) => `<p role="alert">${htmlText(locale, 'server.restoreEmail.expired', contact(locale))}</p>`, PORTAL_URLS.login);

  forms.get<{ Params: { token: string } }>(`${RESTORE_EMAIL_PATH}:token/`, {
    schema: pageSchema('The "this wasn\u2019t me" page of the notice to a replaced address (HTML; opening it changes nothing)', { refused: { 400: NO_LONGER } }),
    config: rateLimit,
  }, async (request, reply) => {
    const { token } = request.params;
    if (!(await addressRestoreUsable(ctx, token))) return noLonger(request, reply);
    return page(
      request,
      reply,
      200,
      'server.restoreEmail.title',
      (locale) =>
        `<p>${htmlText(locale, 'server.restoreEmail.intro')}</p>` +
        `<p>${htmlText(locale, 'server.restoreEmail.effects')}</p>` +
        `<form class="page-form" method="post" action="${RESTORE_EMAIL_PATH}">` +
        `<input type="hidden" name="${CSRF_FORM_FIELD}" value="${maskCsrfToken(request.csrfToken)}">` +
        `<input type="hidden" name="${TOKEN_FIELD}" value="${escapeHtml(token)}">` +
        `<button type="submit">${htmlText(locale, 'server.restoreEmail.submit')}</button></form>` +
        `<p>${htmlText(locale, 'server.restoreEmail.madeIt', {}, { 0: [`<a href="${PORTAL_URLS.login}">`, '</a>'] })}</p>`,
      // the language switch comes back to this page (the link itself), as the reset page's does
      `${RESTORE_EMAIL_PATH}${token}/`,
    );
  });

  forms.post<{ Body: Record<string, unknown> | undefined }>(RESTORE_EMAIL_PATH, {
    schema: pageSchema('The "this wasn\u2019t me" form: the address back, every session ended, then to a fresh reset link (303)', {
      form: true,
      refused: { 400: NO_LONGER, 409: 'Another account has taken the address since (HTML)' },
    }),
    config: rateLimit,
  }, async (request, reply) => {
    if (!verified(request)) return refused(request, reply);
    const done = await restoreAddress(ctx, request, request.body?.[TOKEN_FIELD]);
    if (done.ok) return reply.code(303).header('cache-control', 'no-store').redirect(done.resetPath);
    if (done.reason === 'invalid') return noLonger(request, reply);
    return page(request, reply, 409, 'server.restoreEmail.inUseTitle', (locale) => `<p role="alert">${htmlText(locale, 'server.restoreEmail.inUse', contact(locale))}</p>`, PORTAL_URLS.login);
  });
}
