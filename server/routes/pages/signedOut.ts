/**
 * The signed-out pages: sign-in, registration, the recoveries, the reset and verification pages
 * (the portal widget's pages), and the footer's privacy and accessibility pages. Each is drawn once
 * per build, language and the flags of the query its first view reads, kept compressed
 * (server/pages/pageCache.ts), and sent with the request's masked CSRF token spliced in. A request whose
 * page is not the kept one is drawn afresh, as every page used to be: an address whose query carries
 * a value the page reads (verify_email's nonce), a reset link (its nonce is in the address and the
 * config block), a return path other than the page's own (a loan number in the query), QA's
 * pseudo-locale, or a CSRF cookie of another length than this server issues.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_CHANGED_PARAM, SIGNED_OUT_INACTIVE_PARAM, SIGNED_OUT_PARAM } from '../../../src/lib/portalUrls';
import type { Locale } from '../../../src/platform/i18n/locales';
import { PORTAL_PAGES, WIDGET_CATALOG, type WidgetName } from '../../../src/platform/widgetCatalog';
import type { PortalContext } from '../../http/context';
import { ACCESSIBILITY_PATH, htmlText, PRIVACY_PATH, trustedHtml, type HelpContact, type LocaleSwitch, pageHtml } from '../../pages/html';
import { compressHtml, HTML_VARY, htmlEncodingFor } from '../../pages/htmlCompression';
import { serverText } from '../../http/i18n';
import { requestLocale } from '../../http/locale';
import { MASKED_TOKEN_LENGTH, pageBytes, type PageCache, TOKEN_PLACEHOLDER, type PageTemplate } from '../../pages/pageCache';
import { maskCsrfToken } from '../../auth/security';
import { pageSchema } from '../schemas';
import { resetLinkCheckLimit } from '../account';
import { resetLinkAnswer, type FirstAnswerValues } from './firstAnswers';
import { contactLine, returnPathOf, sendHtml, type PageKit, type PortalPageShape } from './kit';

/** The longest reset nonce passed on to the page (real ones are 43 characters). */
const NONCE_MAXIMUM = 200;

/**
 * The query a signed-out page's first view reads (src/features/*: `navigation.currentUrl()`):
 * `flags`, only whether each is there (the kept draws: one per set of flags); `values`, what it
 * says, so the page is drawn afresh when one is there. Any other parameter is not read.
 */
const FIRST_VIEW_QUERY: Partial<Record<WidgetName, { flags?: readonly string[]; values?: readonly string[] }>> = {
  login: { flags: [PASSWORD_CHANGED_PARAM, SIGNED_OUT_INACTIVE_PARAM, SIGNED_OUT_PARAM] },
  'verify-email': { values: ['nonce'] },
};

/**
 * The address the page is drawn for when it is kept: its path and the flags of `search` it reads
 * (`?signed_out=1`); null when the query carries a value it reads (drawn afresh).
 */
function keptAddress(current: string, widget: WidgetName | null, search: string): string | null {
  const reads = widget ? FIRST_VIEW_QUERY[widget] : undefined;
  if (!reads) return current;
  const query = new URLSearchParams(search);
  if (reads.values?.some((name) => query.has(name))) return null;
  const flags = (reads.flags ?? []).filter((name) => query.has(name));
  return flags.length ? `${current}?${flags.map((name) => `${name}=1`).join('&')}` : current;
}

/** One signed-out page: drawn for an address with a language switch (the real one, or the kept draw's placeholder). */
type Draw = (url: string, localeSwitch: LocaleSwitch) => Promise<{ html: string; keep: boolean }>;

/** `cache`: where the drawn pages are kept; null, none (every page drawn afresh). */
export function signedOutPages(app: FastifyInstance, ctx: PortalContext, kit: PageKit, cache: PageCache | null) {
  const { options } = kit;

  /** Sends a kept page with this request's masked token (compressed once; by this request only if its encoding's splice did not check out). */
  const sendKept = async (reply: FastifyReply, template: PageTemplate, maskedToken: string) => {
    reply.code(200).header('cache-control', 'no-store').header('vary', HTML_VARY).type('text/html; charset=utf-8');
    const encoding = htmlEncodingFor(reply.request);
    if (encoding && template[encoding]) return reply.header('content-encoding', encoding).send(pageBytes(template, encoding, maskedToken));
    const raw = pageBytes(template, null, maskedToken);
    if (!encoding) return reply.send(raw);
    return reply.header('content-encoding', encoding).send(await compressHtml(raw.toString('utf8'), encoding));
  };

  /**
   * Answers a signed-out page: the kept draw when the request's page is it (`address` not null,
   * the return path the page's own, the cookie's token of this server's length), else a fresh draw.
   */
  const answer = async (request: FastifyRequest, reply: FastifyReply, locale: Locale, current: string, address: string | null, draw: Draw) => {
    const returnPath = returnPathOf(request);
    const keepable = address !== null && returnPath === current && !kit.pseudoLocaleAsked(request);
    const maskedToken = maskCsrfToken(request.csrfToken);
    if (cache && keepable && maskedToken.length === MASKED_TOKEN_LENGTH) {
      const template = await cache.get(`${locale} ${address}`, async () => {
        const drawn = await draw(address, { maskedCsrfToken: TOKEN_PLACEHOLDER, returnPath });
        return drawn.keep ? drawn.html : null;
      });
      if (template) return sendKept(reply, template, maskedToken);
    }
    const { html } = await draw(request.url, { maskedCsrfToken: maskedToken, returnPath });
    return sendHtml(reply, 200, html);
  };

  /**
   * A portal page: the widget drawn for `url`, in the shell, with the answers its first view shows
   * (the reset page's link check). Kept only when the server drew it (a failed draw is tried again).
   */
  const widgetPage =
    (request: FastifyRequest, locale: Locale, row: PortalPageShape, current: string, reset: { nonce: string | null; answers?: FirstAnswerValues | undefined } = { nonce: null }): Draw =>
    async (url, localeSwitch) => {
      const pageConfig = kit.withPseudoLocale(request, kit.config(locale, { reset_nonce: reset.nonce }));
      const { html, drawn } = await kit.portalPage(request, null, current, row, { locale, localeSwitch, pageConfig, url, firstAnswers: reset.answers });
      return { html, keep: drawn };
    };

  // The widget catalog's signed-out pages (src/platform/widgetCatalog.ts): shells hosting the portal
  // widget, which renders the page for the address. A page with its own server route is answered below.
  for (const row of PORTAL_PAGES) {
    if (row.signedIn || row.ownServerRoute || (row.qaOnly && options.production)) continue;
    const current = `/loanmanager/${row.path}/`;
    const summary = row.qaOnly ? 'A QA tool page (HTML)' : 'A page of the portal (HTML)';
    app.get(current, { schema: pageSchema(summary, { signedIn: false, developmentOnly: row.qaOnly }) }, async (request, reply) => {
      const locale = await requestLocale(ctx, request);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      // the QA tool page is not drawn by the server, and stays out of the kept pages
      const address = row.qaOnly ? null : keptAddress(current, row.widget, search);
      return answer(request, reply, locale, current, address, widgetPage(request, locale, row, current));
    });
  }

  // The reset page (its catalog row has `ownServerRoute`): the nonce of its address goes in the config
  // block, so a page with a nonce is never kept (it would be sent to every other visitor). With a
  // nonce, the page comes with its check (the catalog row's `firstAnswers`: the valid form or the
  // expired notice, drawn, and not asked again by the browser), counted with validate_nonce's.
  const resetRow = WIDGET_CATALOG['reset-password'];
  const resetPage = async (request: FastifyRequest<{ Params: { nonce?: string } }>, reply: FastifyReply) => {
    const sent = request.params.nonce ?? '';
    const locale = await requestLocale(ctx, request);
    const current = '/loanmanager/reset_password/';
    const nonce = sent !== '' && sent.length <= NONCE_MAXIMUM ? sent : null;
    // the bare page is kept, the same for everyone: its saga says "expired" without asking, as before
    const answers = sent === '' ? undefined : await resetLinkAnswer(ctx, request, nonce);
    const draw = widgetPage(request, locale, { ...resetRow, titleId: resetRow.page.titleId }, current, { nonce, answers });
    return answer(request, reply, locale, current, sent === '' ? current : null, draw);
  };
  const resetSchema = pageSchema('The reset password page (HTML; the nonce goes in its config block)');
  app.get('/loanmanager/reset_password/', { schema: resetSchema }, resetPage);
  app.get('/loanmanager/reset_password/:nonce/', { schema: resetSchema, config: resetLinkCheckLimit(ctx) }, resetPage);

  // The footer's links: what the portal keeps about a borrower, and how it is built to be usable by everyone.
  const plainPage = (path: string, titleId: 'server.privacy.title' | 'server.accessibility.title', content: (locale: Locale, help: HelpContact) => string) =>
    app.get(path, { schema: pageSchema(titleId === 'server.privacy.title' ? 'What the portal keeps about a borrower (HTML)' : 'Accessibility statement (HTML)') }, async (request, reply) => {
      const locale = await requestLocale(ctx, request);
      const title = serverText(locale, titleId);
      return answer(request, reply, locale, path, path, async (_url, localeSwitch) => ({
        html: pageHtml(kit.page(request, null, path, { locale, localeSwitch, title, heading: title, content: content(locale, options.help) })),
        keep: true,
      }));
    });
  plainPage(PRIVACY_PATH, 'server.privacy.title', privacyContent);
  plainPage(ACCESSIBILITY_PATH, 'server.accessibility.title', accessibilityContent);
}

function privacyContent(locale: Locale, help: HelpContact): string {
  const item = (id: Parameters<typeof htmlText>[1]) => `<li>${htmlText(locale, id)}</li>`;
  return (
    `<p>${htmlText(locale, 'server.privacy.intro')}</p><ul>` +
    item('server.privacy.identity') +
    item('server.privacy.account') +
    item('server.privacy.consent') +
    item('server.privacy.cookies') +
    '</ul>' +
    `<p>${htmlText(locale, 'server.privacy.questions', { contact: trustedHtml(contactLine(locale, help)) })}</p>`
  );
}

function accessibilityContent(locale: Locale, help: HelpContact): string {
  return (
    `<p>${htmlText(locale, 'server.accessibility.intro')}</p>` +
    `<p>${htmlText(locale, 'server.accessibility.standard')}</p>` +
    `<p>${htmlText(locale, 'server.accessibility.help', { contact: trustedHtml(contactLine(locale, help)) })}</p>`
  );
}
