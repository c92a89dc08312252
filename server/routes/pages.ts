/**
 * The portal's pages. Widget pages are shells hosting the `portal` widget (a router that
 * renders the page for the address); main/, loanoverview/ and eftsetuprequest/ are rendered
 * here. Signed-in pages send visitors without a session to the sign-in page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { landingUrl, PORTAL_URLS } from '../../src/lib/portalUrls';
import { PORTAL_PAGES, WIDGET_CATALOG } from '../../src/platform/widgetCatalog';
import type { PortalContext } from '../context';
import type { Account, Loan } from '../db/store';
import {
  ACCESSIBILITY_PATH,
  escapeHtml,
  formatCents,
  formatIsoDate,
  PRIVACY_PATH,
  renderPage,
  type HelpContact,
  type PageConfig,
  type PageOptions,
} from '../html';
import { preloadUrls, readChunkManifest, pageChunkGroups } from '../preload';
import { CSRF_COOKIE, CSRF_FORM_FIELD, looksLikeToken, safeEqual, takeVerificationSentFlag } from '../security';
import { fromAnotherSite, signOut } from '../sessions';

// the client's addresses (src/lib/portalUrls.ts), so the server's redirects and links cannot drift from them
const LOGIN_PATH = PORTAL_URLS.login;
const MAIN_PATH = PORTAL_URLS.main;
const OVERVIEW_PATH = PORTAL_URLS.loanOverview;

/** The longest reset nonce passed on to the page (real ones are 43 characters). */
const NONCE_MAXIMUM = 200;

export function sendHtml(reply: FastifyReply, statusCode: number, html: string) {
  return reply.code(statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export function pageRoutes(app: FastifyInstance, ctx: PortalContext) {
  const { options } = ctx;

  const config = (extra: { coacct?: string | null; reset_nonce?: string | null } = {}): PageConfig => ({
    recaptcha: { method: options.recaptcha.method, site_key: options.recaptcha.siteKey },
    coacct: extra.coacct ?? null,
    reset_nonce: extra.reset_nonce ?? null,
    devtools: !options.production,
    record_actions: options.recordActions,
    qa_tools: !options.production,
    ...(options.errorReportingDsn ? { error_reporting: { dsn: options.errorReportingDsn } } : {}),
  });

  const preload = (chunkGroup: string, portal: boolean) =>
    preloadUrls(readChunkManifest(options.staticDir), pageChunkGroups(chunkGroup, { portal }));

  /** The signed-in account and its loans, or null after answering with a redirect to sign in. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = request.auth ? await ctx.store.getAccount(request.auth.userId) : null;
    if (!account) {
      // the sign-in page sends the borrower back here afterwards (the path only: no query, no data)
      const here = new URL(request.url, 'http://portal.invalid').pathname;
      await reply.code(302).header('cache-control', 'no-store').redirect(`${LOGIN_PATH}?next=${encodeURIComponent(here)}`);
      return null;
    }
    return { account, loans: await ctx.store.loansOfBorrower(account.borrower.id) };
  };

  /** Once, on the landing page right after registering: where the verification link went. */
  const verificationSentNotice = (request: FastifyRequest, reply: FastifyReply, account: Account): string => {
    if (!takeVerificationSentFlag(request, reply) || !account.borrower.emailAddress) return '';
    return (
      `<p class="notice" role="status">We have sent a verification email to <strong>${escapeHtml(account.borrower.emailAddress)}</strong>. ` +
      'Please open the link in it to verify your email address.</p>'
    );
  };

  const page = (
    request: FastifyRequest,
    signedInAs: { account: Account; loans: Loan[] } | null,
    current: string,
    rest: PageOptions,
  ): string =>
    renderPage({
      help: ctx.options.help,
      ...rest,
      nav: signedInAs
        ? { homePath: landingUrl(signedInAs.loans), csrfToken: request.csrfToken, current }
        : null,
      // every signed-in page warns before its session ends for inactivity (docs/security.md, control 24)
      ...(signedInAs
        ? { sessionTimeout: true, config: rest.config ?? config({ coacct: String(signedInAs.account.borrower.id) }) }
        : {}),
    });

  app.get('/loanmanager', async (request, reply) => {
    const account = request.auth ? await ctx.store.getAccount(request.auth.userId) : null;
    const target = account ? landingUrl(await ctx.store.loansOfBorrower(account.borrower.id)) : LOGIN_PATH;
    return reply.code(302).header('cache-control', 'no-store').redirect(target);
  });

  // The widget catalog's pages (src/platform/widgetCatalog.ts): shells hosting the portal widget,
  // which renders the page for the address. A page with its own server route is answered below.
  for (const widgetPage of PORTAL_PAGES) {
    if (widgetPage.ownServerRoute || (widgetPage.qaOnly && options.production)) continue;
    const current = `/loanmanager/${widgetPage.path}/`;
    app.get(current, async (request, reply) => {
      const session = widgetPage.signedIn ? await signedIn(request, reply) : null;
      if (widgetPage.signedIn && !session) return reply;
      const html = page(request, session, current, {
        title: widgetPage.title,
        widget: 'portal',
        config: config({ coacct: session ? String(session.account.borrower.id) : null }),
        preload: preload(widgetPage.chunkGroup, true),
      });
      return sendHtml(reply, 200, html);
    });
  }

  // The reset page (its catalog row has `ownServerRoute`): the nonce of its address goes in the config block.
  const resetRow = WIDGET_CATALOG['reset-password'];
  const resetPage = async (request: FastifyRequest<{ Params: { nonce?: string } }>, reply: FastifyReply) => {
    const nonce = request.params.nonce ?? '';
    const html = renderPage({
      help: ctx.options.help,
      title: resetRow.page.title,
      widget: 'portal',
      config: config({ reset_nonce: nonce !== '' && nonce.length <= NONCE_MAXIMUM ? nonce : null }),
      preload: preload(resetRow.chunkGroup, true),
    });
    return sendHtml(reply, 200, html);
  };
  app.get('/loanmanager/reset_password/', resetPage);
  app.get('/loanmanager/reset_password/:nonce/', resetPage);

  // The footer's links: what the portal keeps about a borrower, and how it is built to be usable by everyone.
  app.get(PRIVACY_PATH, async (request, reply) =>
    sendHtml(reply, 200, page(request, null, PRIVACY_PATH, { title: 'Privacy', heading: 'Privacy', content: privacyContent(ctx.options.help) })),
  );
  app.get(ACCESSIBILITY_PATH, async (request, reply) =>
    sendHtml(
      reply,
      200,
      page(request, null, ACCESSIBILITY_PATH, {
        title: 'Accessibility',
        heading: 'Accessibility',
        content: accessibilityContent(ctx.options.help),
      }),
    ),
  );

  app.get(MAIN_PATH, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const { account, loans } = session;
    const items = loans
      .map(
        (loan) =>
          `<li class="card"><h2>Loan ${escapeHtml(loan.loanno)}</h2>` +
          `<p>${escapeHtml(loan.propertyAddress)}</p>` +
          `<p>Monthly payment ${formatCents(loan.monthlyPaymentCents)}, next due ${formatIsoDate(loan.nextPaymentDue)}.</p>` +
          `<p><a href="${OVERVIEW_PATH}?loanno=${encodeURIComponent(loan.loanno)}">Loan overview` +
          `<span class="visually-hidden"> for loan ${escapeHtml(loan.loanno)}</span></a></p></li>`,
      )
      .join('');
    const content =
      verificationSentNotice(request, reply, account) +
      `<p>Welcome, ${escapeHtml(account.borrower.firstname)} ${escapeHtml(account.borrower.lastname)}.</p>` +
      (loans.length === 0 ? '<p>There are no loans on your account.</p>' : `<ul class="loan-list">${items}</ul>`) +
      manageLinks();
    const html = page(request, session, MAIN_PATH, {
      title: 'Your loans',
      heading: 'Your loans',
      content,
      widget: 'popups',
      config: config({ coacct: String(account.borrower.id) }),
      preload: preload(WIDGET_CATALOG.popups.chunkGroup, false),
    });
    return sendHtml(reply, 200, html);
  });

  app.get<{ Querystring: { loanno?: string } }>(OVERVIEW_PATH, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const { account, loans } = session;
    const wanted = typeof request.query.loanno === 'string' ? request.query.loanno : null;
    const loan = wanted === null ? loans[0] : loans.find((candidate) => candidate.loanno === wanted);
    if (wanted !== null && !loan) {
      return sendHtml(
        reply,
        404,
        page(request, session, OVERVIEW_PATH, {
          title: 'Loan overview',
          heading: 'Loan overview',
          content: `<p>That loan is not on your account. <a href="${landingUrl(loans)}">Back to your loans</a>.</p>`,
        }),
      );
    }
    const rows: Array<[string, string]> = loan
      ? [
          ['Loan number', loan.loanno],
          ['Property address', loan.propertyAddress],
          ['Your role', loan.role === 'primary' ? 'Borrower' : 'Co-borrower'],
          ['Monthly payment', formatCents(loan.monthlyPaymentCents)],
          ['Next payment due', formatIsoDate(loan.nextPaymentDue)],
          ['Paperless documents (Go Green)', account.borrower.electdocs ? 'Yes' : 'No'],
          ['Automatic payments', account.borrower.autopay ? 'On' : 'Off'],
        ]
      : [];
    const table = loan
      ? `<table><caption class="visually-hidden">Loan ${escapeHtml(loan.loanno)}</caption><tbody>` +
        rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('') +
        '</tbody></table>'
      : '<p>There are no loans on your account.</p>';
    const back = loans.length > 1 ? `<p><a href="${MAIN_PATH}">All your loans</a></p>` : '';
    const html = page(request, session, OVERVIEW_PATH, {
      title: 'Loan overview',
      heading: 'Loan overview',
      content:
        verificationSentNotice(request, reply, account) +
        `<p>Welcome, ${escapeHtml(account.borrower.firstname)} ${escapeHtml(account.borrower.lastname)}.</p>${table}${back}${manageLinks()}`,
      widget: 'popups',
      config: config({ coacct: String(account.borrower.id) }),
      preload: preload(WIDGET_CATALOG.popups.chunkGroup, false),
    });
    return sendHtml(reply, 200, html);
  });

  app.get('/loanmanager/eftsetuprequest/', async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const status = session.account.borrower.autopay
      ? '<p>Automatic payments are <strong>on</strong> for your account.</p>'
      : '<p>Automatic payments are <strong>off</strong> for your account.</p>';
    const content =
      status +
      '<p>With automatic payments, your monthly payment is drafted from your bank account on the day you ' +
      'choose between the 1st and the 15th of each month. There is no fee, and a payment drafted by the ' +
      '15th is never late.</p>' +
      '<div class="card"><h2>About this page</h2><p>This demo does not set up payments: it collects no ' +
      'bank details and changes nothing. In the live portal this page holds the automatic payment form.</p></div>' +
      `<p><a href="${landingUrl(session.loans)}">Back to your loans</a></p>`;
    return sendHtml(
      reply,
      200,
      page(request, session, '/loanmanager/eftsetuprequest/', {
        title: 'Automatic payments',
        heading: 'Automatic payments',
        content,
      }),
    );
  });

  // The header's sign-out button: a plain form carrying the CSRF token as a hidden field.
  app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    forms.post<{ Body: Record<string, string> | undefined }>('/loanmanager/logout/', async (request, reply) => {
      const sent = request.body?.[CSRF_FORM_FIELD];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof sent !== 'string' || !looksLikeToken(cookie) || !safeEqual(sent, cookie) || fromAnotherSite(ctx, request)) {
        return sendHtml(
          reply,
          403,
          renderPage({
            help: ctx.options.help,
            title: 'Forbidden',
            heading: 'Something went wrong',
            content: `<p>Your request could not be verified. Please <a href="${MAIN_PATH}">go back</a> and try again.</p>`,
          }),
        );
      }
      await signOut(ctx, request, reply);
      return reply.code(303).header('cache-control', 'no-store').redirect(LOGIN_PATH);
    });
  });
}

function contactLine(help: HelpContact): string {
  return `call ${escapeHtml(help.phone)} (${escapeHtml(help.hours)}) or email <a href="mailto:${escapeHtml(help.email)}">${escapeHtml(help.email)}</a>`;
}

function privacyContent(help: HelpContact): string {
  return (
    '<p>This portal keeps only what it needs to let you manage your loan online.</p><ul>' +
    '<li>Your Social Security number and date of birth are used only to confirm who you are when you register or recover your username. They are never stored as typed: the portal keeps a keyed fingerprint that cannot be turned back into the numbers.</li>' +
    '<li>Your username, your password (stored only as a one-way hash) and your email address are kept for your account.</li>' +
    '<li>When you choose or stop paperless delivery, the portal records when, from which address, and the browser, system and time zone you used, as the record of your consent.</li>' +
    '<li>Two cookies keep you signed in and protect your requests; there are no advertising or tracking cookies.</li></ul>' +
    `<p>Questions about your information: ${contactLine(help)}.</p>`
  );
}

function accessibilityContent(help: HelpContact): string {
  return (
    '<p>We want every borrower to be able to use this portal, with a keyboard, a screen reader, magnification or a phone.</p>' +
    '<p>It is built to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, and every screen is checked at phone and desktop widths with automated tests and by hand.</p>' +
    `<p>If something is hard to use, or you need a document in another format, ${contactLine(help)}. Tell us the page and what happened, and we will help you another way while we fix it.</p>`
  );
}

function manageLinks(): string {
  return (
    '<h2>Manage your account</h2><ul class="actions">' +
    '<li><a href="/loanmanager/go-green/">Go Green: get your documents electronically</a></li>' +
    '<li><a href="/loanmanager/eftsetuprequest/">Set up automatic payments</a></li>' +
    '<li><a href="/loanmanager/profile/">Profile and email address</a></li></ul>'
  );
}

export function notFoundPage(): string {
  return renderPage({
    title: 'Page not found',
    heading: 'Page not found',
    content: `<p>There is no page at this address. <a href="${LOGIN_PATH}">Go to sign in</a>.</p>`,
  });
}
