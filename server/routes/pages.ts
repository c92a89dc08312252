/**
 * The portal's pages. Widget pages are shells hosting the `portal` widget (a router that
 * renders the page for the address); main/, loanoverview/ and eftsetuprequest/ are rendered
 * here. Signed-in pages send visitors without a session to the sign-in page. Every page is in
 * the request's language (server/locale.ts), which its config block hands to the widgets, and
 * carries the language switch (POST /loanmanager/locale/).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { landingUrl, LOGIN_AFTER_SIGN_OUT, PORTAL_URLS, portalReturnTarget, returnQueryOf } from '../../src/lib/portalUrls';
import { isLocale, LOCALE_COOKIE, PSEUDO_LOCALE, type Locale } from '../../src/platform/i18n/locales';
import { PORTAL_PAGES, WIDGET_CATALOG, type FirstAnswerEndpoint } from '../../src/platform/widgetCatalog';
import { signedInAccount, type PortalContext } from '../context';
import { pageSchema } from './schemas';
import type { Account, Loan } from '../db/store';
import {
  ACCESSIBILITY_PATH,
  escapeHtml,
  formatCents,
  formatIsoDate,
  helpHours,
  helpLinks,
  htmlText,
  LOCALE_FIELD,
  LOCALE_PATH,
  PRIVACY_PATH,
  renderPage,
  RETURN_FIELD,
  trustedHtml,
  type HelpContact,
  type LocaleSwitch,
  type PageConfig,
  type PageOptions,
} from '../html';
import { serverText } from '../i18n';
import { requestLocale, setLocaleCookie } from '../locale';
import { catalogChunkGroup, preloadUrls, readChunkManifest, pageChunkGroups, stylesheetUrls } from '../preload';
import { createServerRenderer } from '../serverRender';
import { goGreenStatusOf } from '../services/goGreen';
import { popupsOf } from '../services/popupsToShow';
import { compressHtml, HTML_VARY, htmlEncodingFor } from '../htmlCompression';
import { CSRF_FORM_FIELD, formTokenMatches, looksLikeToken, takeOptedOutFlag, takeVerificationSentFlag } from '../security';
import { fromAnotherSite, signOut } from '../sessions';
import { passkeyOfferHtml, passkeyOfferRoutes } from './passkeyOffer';
import { restoreEmailRoutes } from './restoreEmail';

// the client's addresses (src/lib/portalUrls.ts), so the server's redirects and links cannot drift from them
const LOGIN_PATH = PORTAL_URLS.login;
const MAIN_PATH = PORTAL_URLS.main;
const OVERVIEW_PATH = PORTAL_URLS.loanOverview;

/** The longest reset nonce passed on to the page (real ones are 43 characters). */
const NONCE_MAXIMUM = 200;

/** The longest path the language switch sends a browser back to (the reset page's, with its nonce, is about 75). */
const RETURN_PATH_MAXIMUM = 300;

/**
 * Where the language switch sends the browser back to: this request's page with the query it reads
 * (the loan asked for: portalReturnTarget), else the portal's home.
 */
function returnPathOf(request: FastifyRequest): string {
  const url = new URL(request.url, 'http://portal.invalid');
  return languageSwitchTarget(`${url.pathname}${url.search}`);
}

/** A page of the portal with the query it reads (no open redirect: control 26), at most RETURN_PATH_MAXIMUM long; else home. */
function languageSwitchTarget(back: unknown): string {
  const target = typeof back === 'string' && back.length <= RETURN_PATH_MAXIMUM ? portalReturnTarget(back) : null;
  return target ?? PORTAL_URLS.home;
}

/** The header's language switch of a page answering `request`. */
function localeSwitchFor(request: FastifyRequest): LocaleSwitch {
  return { csrfToken: request.csrfToken, returnPath: returnPathOf(request) };
}

type FirstAnswers = Partial<Record<FirstAnswerEndpoint, unknown>>;

/** A page, compressed when the request may have it so (control 28: never to another site's requests). */
export async function sendHtml(reply: FastifyReply, statusCode: number, html: string) {
  reply.code(statusCode).header('cache-control', 'no-store').header('vary', HTML_VARY).type('text/html; charset=utf-8');
  const encoding = htmlEncodingFor(reply.request);
  if (!encoding) return reply.send(html);
  const body = await compressHtml(html, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

export function pageRoutes(app: FastifyInstance, ctx: PortalContext) {
  const { options } = ctx;

  const config = (locale: Locale, extra: { coacct?: string | null; reset_nonce?: string | null } = {}): PageConfig => ({
    recaptcha: { method: options.recaptcha.method, site_key: options.recaptcha.siteKey },
    coacct: extra.coacct ?? null,
    reset_nonce: extra.reset_nonce ?? null,
    devtools: !options.production,
    record_actions: options.recordActions,
    qa_tools: !options.production,
    passkeys: options.passkeys,
    ...(options.errorReportingDsn ? { error_reporting: { dsn: options.errorReportingDsn } } : {}),
    locale,
  });

  /**
   * The scripts a page preloads (server/preload.ts): its chunk groups, and the parts of the catalog
   * its first view needs in its language (`namespaces`; a portal page the server drew adds the
   * portal's own part, which its hydration waits for).
   */
  const preload = (
    chunkGroup: string,
    locale: Locale,
    page: { portal: boolean; hydrates?: boolean; flows?: readonly string[]; namespaces?: readonly string[] },
  ) => {
    const { portal, hydrates = false, flows = [], namespaces = [] } = page;
    const catalogs = [...(portal && hydrates ? ['portal'] : []), ...namespaces].map((namespace) => catalogChunkGroup(locale, namespace));
    return preloadUrls(readChunkManifest(options.staticDir), pageChunkGroups(chunkGroup, { portal, hydrates, flows, catalogs }));
  };

  const renderWidget = createServerRenderer(options.staticDir, app.log);
  /**
   * The portal's first view of this address, drawn here, with the stylesheets of its chunks and the
   * answers it was drawn with (which the page carries for the hydration); null: drawn by the browser.
   */
  const serverRendered = async (request: FastifyRequest, pageConfig: PageConfig, chunkGroup: string, firstAnswers?: FirstAnswers) => {
    const rendered = await renderWidget({ url: request.url, config: pageConfig, ...(firstAnswers ? { firstAnswers } : {}) });
    if (rendered === null) return null;
    return {
      ...rendered,
      stylesheets: stylesheetUrls(readChunkManifest(options.staticDir), pageChunkGroups(chunkGroup, { portal: true })),
      ...(firstAnswers ? { firstAnswers } : {}),
    };
  };

  // the answers a signed-in page may come with (its catalog row's `firstAnswers`), from the same code as the API's
  const goGreenStatus = goGreenStatusOf(ctx);
  const popupsToShow = popupsOf(ctx);
  const FIRST_ANSWER_SOURCES: Record<
    FirstAnswerEndpoint,
    (account: Account, request: FastifyRequest, reply: FastifyReply, locale: Locale) => Promise<unknown>
  > = {
    getGoGreenStatus: (account, _request, _reply, locale) => goGreenStatus.info(account.borrower, locale),
    // once, on the page load that follows an opt-out; undefined (left out) otherwise
    goGreenOptOut: async (_account, request, reply) => (takeOptedOutFlag(request, reply) ? { opted_out: true } : undefined),
    // signed in (the page's own account), so the request has its session
    getPopups: async (account, request) => (request.auth ? popupsToShow(account, request.auth) : undefined),
  };
  /** The page's answers; none when one fails (the disclosures file unreadable): the page still goes out, and the browser asks as before. */
  const firstAnswersOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoints: readonly FirstAnswerEndpoint[] | undefined,
    account: Account,
    locale: Locale,
  ): Promise<FirstAnswers | undefined> => {
    if (!endpoints?.length) return undefined;
    try {
      const answers = await Promise.all(
        endpoints.map(async (endpoint) => [endpoint, await FIRST_ANSWER_SOURCES[endpoint](account, request, reply, locale)] as const),
      );
      return Object.fromEntries(answers.filter(([, answer]) => answer !== undefined));
    } catch (error) {
      request.log.error({ err: error instanceof Error ? { message: error.message } : String(error), endpoints }, 'a page’s first answers failed');
      return undefined;
    }
  };

  /** The signed-in account, its loans and its language, or null after answering with a redirect to sign in. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = await signedInAccount(ctx, request);
    if (!account) {
      // the sign-in page sends the borrower back here afterwards: the path, and of the query only
      // what the page reads (the loan asked for: returnQueryOf), nothing else a link may carry
      const url = new URL(request.url, 'http://portal.invalid');
      const here = `${url.pathname}${returnQueryOf(url.search)}`;
      await reply.code(302).header('cache-control', 'no-store').redirect(`${LOGIN_PATH}?next=${encodeURIComponent(here)}`);
      return null;
    }
    return {
      account,
      loans: await ctx.store.loansOfBorrower(account.borrower.id),
      locale: await requestLocale(ctx, request, account),
    };
  };

  /** Once, on the landing page right after registering: where the verification link went. */
  const verificationSentNotice = (request: FastifyRequest, reply: FastifyReply, account: Account, locale: Locale): string => {
    if (!takeVerificationSentFlag(request, reply) || !account.borrower.emailAddress) return '';
    return (
      '<p class="notice" role="status">' +
      htmlText(locale, 'server.loans.verificationSent', { address: account.borrower.emailAddress }, { 0: ['<strong>', '</strong>'] }) +
      '</p>'
    );
  };

  /**
   * The popups widget of a loans page, with the list it shows first; none on the page view that
   * says where the verification email went (right after registering): that notice is what the new
   * borrower must read and act on, and a popup opened over it hid it (issue 39, E10). Nothing is
   * marked seen, so the popups come on the next page the borrower opens.
   */
  const popupsWidget = async (request: FastifyRequest, reply: FastifyReply, account: Account, locale: Locale, notice: string, offer: string) =>
    notice && !offer
      ? {}
      : {
          widget: 'popups' as const,
          config: config(locale, { coacct: String(account.borrower.id) }),
          preload: preload(WIDGET_CATALOG.popups.chunkGroup, locale, { portal: false, namespaces: [WIDGET_CATALOG.popups.catalogNamespace] }),
          // beside the notice, the widget comes only to show the passkey offer (src/features/popups/passkeyOffer.ts): an empty list, no popup
          firstAnswers: notice ? { getPopups: [] } : await firstAnswersOf(request, reply, WIDGET_CATALOG.popups.firstAnswers, account, locale),
        };

  const page = (
    request: FastifyRequest,
    signedInAs: { account: Account; loans: Loan[] } | null,
    current: string,
    rest: PageOptions,
  ): string => {
    // every signed-in page warns before its session ends for inactivity (docs/security.md, control 24)
    const pageConfig = signedInAs ? (rest.config ?? config(rest.locale, { coacct: String(signedInAs.account.borrower.id) })) : rest.config;
    return renderPage({
      help: ctx.options.help,
      localeSwitch: localeSwitchFor(request),
      ...rest,
      nav: signedInAs
        ? { homePath: landingUrl(signedInAs.loans), csrfToken: request.csrfToken, current }
        : null,
      ...(signedInAs ? { sessionTimeout: true } : {}),
      config: pageConfig && withPseudoLocale(request, pageConfig),
    });
  };

  /** The config block as the page embeds it: in QA's pseudo-locale when asked (then not drawn by the server). */
  const withPseudoLocale = (request: FastifyRequest, pageConfig: PageConfig): PageConfig =>
    pseudoLocaleAsked(request) ? { ...pageConfig, locale: PSEUDO_LOCALE } : pageConfig;

  /** QA's pseudo-locale for the widgets (the cookie set by hand; never in production, never offered). */
  const pseudoLocaleAsked = (request: FastifyRequest) => !options.production && request.cookies[LOCALE_COOKIE] === PSEUDO_LOCALE;

  app.get('/loanmanager', { schema: pageSchema('To the landing page when signed in, else to sign in', { redirect: true }) }, async (request, reply) => {
    const account = await signedInAccount(ctx, request);
    const target = account ? landingUrl(await ctx.store.loansOfBorrower(account.borrower.id)) : LOGIN_PATH;
    return reply.code(302).header('cache-control', 'no-store').redirect(target);
  });

  // The widget catalog's pages (src/platform/widgetCatalog.ts): shells hosting the portal widget,
  // which renders the page for the address. A page with its own server route is answered below.
  for (const widgetPage of PORTAL_PAGES) {
    if (widgetPage.ownServerRoute || (widgetPage.qaOnly && options.production)) continue;
    const current = `/loanmanager/${widgetPage.path}/`;
    const summary = widgetPage.qaOnly ? 'A QA tool page (HTML)' : 'A page of the portal (HTML)';
    app.get(current, { schema: pageSchema(summary, { signedIn: widgetPage.signedIn, developmentOnly: widgetPage.qaOnly }) }, async (request, reply) => {
      const session = widgetPage.signedIn ? await signedIn(request, reply) : null;
      if (widgetPage.signedIn && !session) return reply;
      const locale = session?.locale ?? (await requestLocale(ctx, request));
      const pageConfig = withPseudoLocale(request, config(locale, { coacct: session ? String(session.account.borrower.id) : null }));
      const firstAnswers = session ? await firstAnswersOf(request, reply, widgetPage.firstAnswers, session.account, locale) : undefined;
      const drawn = await serverRendered(request, pageConfig, widgetPage.chunkGroup, firstAnswers);
      const html = page(request, session, current, {
        locale,
        title: serverText(locale, widgetPage.titleId),
        widget: 'portal',
        config: pageConfig,
        serverRendered: drawn,
        preload: preload(widgetPage.chunkGroup, locale, {
          portal: true,
          hydrates: drawn !== null,
          flows: widgetPage.flowsOfFirstView ?? [],
          // its texts, when the server drew it (a page the browser draws may be the pseudo-locale's)
          namespaces: drawn && widgetPage.catalogNamespace ? [widgetPage.catalogNamespace] : [],
        }),
      });
      return sendHtml(reply, 200, html);
    });
  }

  // The reset page (its catalog row has `ownServerRoute`): the nonce of its address goes in the config block.
  const resetRow = WIDGET_CATALOG['reset-password'];
  const resetPage = async (request: FastifyRequest<{ Params: { nonce?: string } }>, reply: FastifyReply) => {
    const nonce = request.params.nonce ?? '';
    const locale = await requestLocale(ctx, request);
    const pageConfig = config(locale, { reset_nonce: nonce !== '' && nonce.length <= NONCE_MAXIMUM ? nonce : null });
    const drawn = await serverRendered(request, pageConfig, resetRow.chunkGroup);
    const html = renderPage({
      locale,
      help: ctx.options.help,
      localeSwitch: localeSwitchFor(request),
      title: serverText(locale, resetRow.page.titleId),
      widget: 'portal',
      config: pageConfig,
      serverRendered: drawn,
      preload: preload(resetRow.chunkGroup, locale, { portal: true, hydrates: drawn !== null, namespaces: drawn ? [resetRow.catalogNamespace] : [] }),
    });
    return sendHtml(reply, 200, html);
  };
  const resetSchema = { schema: pageSchema('The reset password page (HTML; the nonce goes in its config block)') };
  app.get('/loanmanager/reset_password/', resetSchema, resetPage);
  app.get('/loanmanager/reset_password/:nonce/', resetSchema, resetPage);

  // The footer's links: what the portal keeps about a borrower, and how it is built to be usable by everyone.
  app.get(PRIVACY_PATH, { schema: pageSchema('What the portal keeps about a borrower (HTML)') }, async (request, reply) => {
    const locale = await requestLocale(ctx, request);
    const title = serverText(locale, 'server.privacy.title');
    return sendHtml(reply, 200, page(request, null, PRIVACY_PATH, { locale, title, heading: title, content: privacyContent(locale, ctx.options.help) }));
  });
  app.get(ACCESSIBILITY_PATH, { schema: pageSchema('Accessibility statement (HTML)') }, async (request, reply) => {
    const locale = await requestLocale(ctx, request);
    const title = serverText(locale, 'server.accessibility.title');
    return sendHtml(
      reply,
      200,
      page(request, null, ACCESSIBILITY_PATH, { locale, title, heading: title, content: accessibilityContent(locale, ctx.options.help) }),
    );
  });

  app.get(MAIN_PATH, { schema: pageSchema('The borrower’s loans (HTML)', { signedIn: true }) }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const { account, loans, locale } = session;
    const items = loans
      .map(
        (loan) =>
          `<li class="card"><h2>${htmlText(locale, 'server.loans.loan', { loanno: loan.loanno })}</h2>` +
          `<p>${escapeHtml(loan.propertyAddress)}</p>` +
          `<p>${htmlText(locale, 'server.loans.payment', {
            amount: formatCents(loan.monthlyPaymentCents, locale),
            date: formatIsoDate(loan.nextPaymentDue, locale),
          })}</p>` +
          `<p><a class="link-target" href="${OVERVIEW_PATH}?loanno=${encodeURIComponent(loan.loanno)}">${htmlText(locale, 'server.overview.title')}` +
          `<span class="visually-hidden">${htmlText(locale, 'server.loans.overviewFor', { loanno: loan.loanno })}</span></a></p></li>`,
      )
      .join('');
    const notice = verificationSentNotice(request, reply, account, locale);
    const offer = await passkeyOfferHtml(ctx, request, reply, account, locale, MAIN_PATH);
    const content =
      notice +
      offer +
      `<p>${welcome(locale, account)}</p>` +
      (loans.length === 0 ? `<p>${htmlText(locale, 'server.loans.none')}</p>` : `<ul class="loan-list">${items}</ul>`) +
      manageLinks(locale);
    const title = serverText(locale, 'server.loans.title');
    const html = page(request, session, MAIN_PATH, {
      locale,
      title,
      heading: title,
      content,
      ...(await popupsWidget(request, reply, account, locale, notice, offer)),
    });
    return sendHtml(reply, 200, html);
  });

  const overviewSchema = pageSchema('One loan (HTML)', { signedIn: true, notFound: 'The loan asked for (`loanno`) is not one of the borrower’s' });
  app.get<{ Querystring: { loanno?: string } }>(OVERVIEW_PATH, { schema: overviewSchema }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const { account, loans, locale } = session;
    const title = serverText(locale, 'server.overview.title');
    const wanted = typeof request.query.loanno === 'string' ? request.query.loanno : null;
    const loan = wanted === null ? loans[0] : loans.find((candidate) => candidate.loanno === wanted);
    if (wanted !== null && !loan) {
      return sendHtml(
        reply,
        404,
        page(request, session, OVERVIEW_PATH, {
          locale,
          title,
          heading: title,
          content: `<p>${htmlText(locale, 'server.overview.notYours', {}, { 0: [`<a href="${landingUrl(loans)}">`, '</a>'] })}</p>`,
        }),
      );
    }
    const t = (id: Parameters<typeof serverText>[1]) => serverText(locale, id);
    const rows: Array<[string, string]> = loan
      ? [
          [t('server.overview.loanNumber'), loan.loanno],
          [t('server.overview.propertyAddress'), loan.propertyAddress],
          [t('server.overview.role'), t(loan.role === 'primary' ? 'server.overview.borrower' : 'server.overview.coBorrower')],
          [t('server.overview.monthlyPayment'), formatCents(loan.monthlyPaymentCents, locale)],
          [t('server.overview.nextPaymentDue'), formatIsoDate(loan.nextPaymentDue, locale)],
          [t('server.overview.paperless'), t(account.borrower.electdocs ? 'server.overview.yes' : 'server.overview.no')],
          [t('server.autopay.title'), t(account.borrower.autopay ? 'server.overview.on' : 'server.overview.off')],
        ]
      : [];
    const table = loan
      ? `<table><caption class="visually-hidden">${htmlText(locale, 'server.loans.loan', { loanno: loan.loanno })}</caption><tbody>` +
        rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('') +
        '</tbody></table>'
      : `<p>${htmlText(locale, 'server.loans.none')}</p>`;
    const back = loans.length > 1 ? `<p><a class="link-target" href="${MAIN_PATH}">${htmlText(locale, 'server.overview.allLoans')}</a></p>` : '';
    const notice = verificationSentNotice(request, reply, account, locale);
    const offer = await passkeyOfferHtml(ctx, request, reply, account, locale, returnPathOf(request));
    const html = page(request, session, OVERVIEW_PATH, {
      locale,
      title,
      heading: title,
      content: notice + offer + `<p>${welcome(locale, account)}</p>${table}${back}${manageLinks(locale)}`,
      ...(await popupsWidget(request, reply, account, locale, notice, offer)),
    });
    return sendHtml(reply, 200, html);
  });

  app.get('/loanmanager/eftsetuprequest/', { schema: pageSchema('Automatic payments (HTML)', { signedIn: true }) }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const { locale } = session;
    const strong = { 0: ['<strong>', '</strong>'] } as const;
    const content =
      `<p>${htmlText(locale, session.account.borrower.autopay ? 'server.autopay.on' : 'server.autopay.off', {}, strong)}</p>` +
      `<p>${htmlText(locale, 'server.autopay.explained')}</p>` +
      `<div class="card"><h2>${htmlText(locale, 'server.autopay.aboutHeading')}</h2><p>${htmlText(locale, 'server.autopay.about')}</p></div>` +
      `<p><a class="link-target" href="${landingUrl(session.loans)}">${htmlText(locale, 'server.backToLoans')}</a></p>`;
    const title = serverText(locale, 'server.autopay.title');
    return sendHtml(reply, 200, page(request, session, '/loanmanager/eftsetuprequest/', { locale, title, heading: title, content }));
  });

  // The header's forms (sign out, language): plain forms carrying the CSRF token as a hidden field.
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
          content: `<p>${htmlText(locale, 'server.forbidden.body', {}, { 0: [`<a href="${MAIN_PATH}">`, '</a>'] })}</p>`,
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

function welcome(locale: Locale, account: Account): string {
  return htmlText(locale, 'server.loans.welcome', { firstname: account.borrower.firstname, lastname: account.borrower.lastname });
}

function contactLine(locale: Locale, help: HelpContact): string {
  // the number as a tel: link, as in the footer: a tap calls it, and it never breaks across lines
  const { phone, email } = helpLinks(help);
  return htmlText(locale, 'server.contactLine', { phone, hours: helpHours(locale, help), email });
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

function manageLinks(locale: Locale): string {
  return (
    `<h2>${htmlText(locale, 'server.manage.heading')}</h2><ul class="actions">` +
    `<li><a href="/loanmanager/go-green/">${htmlText(locale, 'server.manage.goGreen')}</a></li>` +
    `<li><a href="/loanmanager/eftsetuprequest/">${htmlText(locale, 'server.manage.autopay')}</a></li>` +
    `<li><a href="/loanmanager/profile/">${htmlText(locale, 'server.manage.profile')}</a></li></ul>`
  );
}

/** The answer to an address no route has, in the request's language, with the language switch. */
export function notFoundPage(locale: Locale, request: FastifyRequest): string {
  const title = serverText(locale, 'common.pageNotFound');
  return renderPage({
    locale,
    localeSwitch: localeSwitchFor(request),
    title,
    heading: title,
    content: `<p>${htmlText(locale, 'server.notFound.body', {}, { 0: [`<a href="${LOGIN_PATH}">`, '</a>'] })}</p>`,
  });
}
