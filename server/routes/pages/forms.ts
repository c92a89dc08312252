/**
 * The header's forms (sign out, language) and the "this wasn't me" page of a replaced address:
 * plain forms carrying the CSRF token as a hidden field, on a scope that parses url-encoded bodies.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_AFTER_SIGN_OUT, PORTAL_URLS } from '../../../src/lib/portalUrls';
import { isLocale } from '../../../src/platform/i18n/locales';
import type { PortalContext } from '../../http/context';
import { htmlText, LOCALE_FIELD, LOCALE_PATH, renderPage, RETURN_FIELD } from '../../pages/html';
import { serverText } from '../../http/i18n';
import { requestLocale, setLocaleCookie } from '../../http/locale';
import { CSRF_FORM_FIELD, formTokenMatches, looksLikeToken } from '../../auth/security';
import { fromAnotherSite, signOut } from '../../auth/sessions';
import { passkeyOfferRoutes } from '../passkeyOffer';
import { restoreEmailRoutes } from '../restoreEmail';
import { pageSchema } from '../schemas';
import { contactLine, languageSwitchTarget, sendHtml } from './kit';

export function pageForms(app: FastifyInstance, ctx: PortalContext) {
  app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    /** The form's token matches the CSRF cookie, and the browser does not say another site sent it (docs/security.md, control 3). */
    const verified = (request: FastifyRequest<{ Body: Record<string, unknown> | undefined }>) => {
      const sent = request.body?.[CSRF_FORM_FIELD];
      const cookie = request.cookies[request.cookieNames.csrf];
      return looksLikeToken(cookie) && formTokenMatches(sent, cookie) && !fromAnotherSite(ctx, request);
    };

    const refused = async (request: FastifyRequest, reply: FastifyReply) => {
      const locale = await requestLocale(ctx, request);
      return sendHtml(
        reply,
        403,
        renderPage({
          locale,
          help: ctx.options.help,
          title: serverText(locale, 'server.forbidden.title'),
          heading: serverText(locale, 'server.forbidden.heading'),
          content: `<p>${htmlText(locale, 'server.forbidden.body', {}, { 0: [`<a href="${PORTAL_URLS.main}">`, '</a>'] })}</p>`,
        }),
      );
    };

    forms.post<{ Body: Record<string, unknown> | undefined }>('/loanmanager/logout/', { schema: pageSchema('The header’s sign-out form', { form: true }) }, async (request, reply) => {
      if (!verified(request)) return refused(request, reply);
      await signOut(ctx, request, reply);
      // the sign-in page says "You have signed out" (a flag in its address: nothing personal)
      return reply.code(303).header('cache-control', 'no-store').redirect(LOGIN_AFTER_SIGN_OUT);
    });

    // "This wasn't me": the page of a replaced address's link, and its form
    restoreEmailRoutes(forms, ctx, { verified, refused, sendHtml, contactLine });

    // "Not now" to the passkey offer of a landing page
    passkeyOfferRoutes(forms, ctx, { verified, refused, returnTarget: languageSwitchTarget });

    // The language switch: remembered in the browser (the lm_locale cookie) and, signed in, on the
    // account (its emails follow it), then back to the page it was pressed on. Only a path of the
    // portal is gone back to, as sign-in's `next` (docs/security.md, control 26).
    forms.post<{ Body: Record<string, unknown> | undefined }>(LOCALE_PATH, { schema: pageSchema('The header’s language switch', { form: true }) }, async (request, reply) => {
      if (!verified(request)) return refused(request, reply);
      const chosen = request.body?.[LOCALE_FIELD];
      const back = request.body?.[RETURN_FIELD];
      if (isLocale(chosen)) {
        setLocaleCookie(request, reply, chosen);
        if (request.auth) await ctx.store.setUserLocale(request.auth.userId, chosen);
      }
      return reply.code(303).header('cache-control', 'no-store').redirect(languageSwitchTarget(back));
    });
  });
}
