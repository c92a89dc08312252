/**
 * The signed-in pages: go-green and profile (the portal widget's, with the answers their first view
 * shows), the loans list, one loan's overview and automatic payments (drawn here). A visitor
 * without a session is sent to sign in. Every page warns before its session ends (control 24).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { landingUrl, PORTAL_URLS, returnQueryOf } from '../../../src/lib/portalUrls';
import type { Locale } from '../../../src/platform/i18n/locales';
import { PORTAL_PAGES, WIDGET_CATALOG } from '../../../src/platform/widgetCatalog';
import { signedInAccount, type PortalContext } from '../../http/context';
import type { Account } from '../../db/records';
import { escapeHtml, formatCents, formatIsoDate, htmlText } from '../../pages/html';
import { serverText } from '../../http/i18n';
import { requestLocale } from '../../http/locale';
import { takeVerificationSentFlag } from '../../auth/security';
import { pageSchema } from '../schemas';
import { passkeyOfferHtml } from '../passkeyOffer';
import { firstAnswerSources } from './firstAnswers';
import { localeSwitchFor, returnPathOf, type PageKit } from './kit';

const { login: LOGIN_PATH, main: MAIN_PATH, loanOverview: OVERVIEW_PATH } = PORTAL_URLS;

export function signedInPages(app: FastifyInstance, ctx: PortalContext, kit: PageKit) {
  const { options } = kit;
  const firstAnswersOf = firstAnswerSources(ctx);

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
          config: kit.config(locale, { coacct: String(account.borrower.id) }),
          preload: kit.preload(WIDGET_CATALOG.popups.chunkGroup, locale, { portal: false, namespaces: [WIDGET_CATALOG.popups.messagesNamespace] }),
          // beside the notice, the widget comes only to show the passkey offer (src/features/popups/passkeyOffer.ts): an empty list, no popup
          firstAnswers: notice ? { getPopups: [] } : await firstAnswersOf(request, reply, WIDGET_CATALOG.popups.firstAnswers, account, locale),
        };

  // The widget catalog's signed-in pages: the portal widget, drawn with the answers its first view shows.
  for (const row of PORTAL_PAGES) {
    if (!row.signedIn || row.ownServerRoute || (row.qaOnly && options.production)) continue;
    const current = `/loanmanager/${row.path}/`;
    app.get(current, { schema: pageSchema('A page of the portal (HTML)', { signedIn: true }) }, async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const { account, locale } = session;
      const pageConfig = kit.withPseudoLocale(request, kit.config(locale, { coacct: String(account.borrower.id) }));
      const firstAnswers = await firstAnswersOf(request, reply, row.firstAnswers, account, locale);
      const { parts } = await kit.portalPage(request, session, current, row, { locale, localeSwitch: localeSwitchFor(request), pageConfig, url: request.url, firstAnswers });
      return kit.send(reply, 200, parts);
    });
  }

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
    const page = kit.page(request, session, MAIN_PATH, {
      locale,
      localeSwitch: localeSwitchFor(request),
      title,
      heading: title,
      content,
      ...(await popupsWidget(request, reply, account, locale, notice, offer)),
    });
    return kit.send(reply, 200, page);
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
      const content = `<p>${htmlText(locale, 'server.overview.notYours', {}, { 0: [`<a href="${landingUrl(loans)}">`, '</a>'] })}</p>`;
      return kit.send(reply, 404, kit.page(request, session, OVERVIEW_PATH, { locale, localeSwitch: localeSwitchFor(request), title, heading: title, content }));
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
    const page = kit.page(request, session, OVERVIEW_PATH, {
      locale,
      localeSwitch: localeSwitchFor(request),
      title,
      heading: title,
      content: notice + offer + `<p>${welcome(locale, account)}</p>${table}${back}${manageLinks(locale)}`,
      ...(await popupsWidget(request, reply, account, locale, notice, offer)),
    });
    return kit.send(reply, 200, page);
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
    return kit.send(reply, 200, kit.page(request, session, '/loanmanager/eftsetuprequest/', { locale, localeSwitch: localeSwitchFor(request), title, heading: title, content }));
  });
}

function welcome(locale: Locale, account: Account): string {
  return htmlText(locale, 'server.loans.welcome', { firstname: account.borrower.firstname, lastname: account.borrower.lastname });
}

function manageLinks(locale: Locale): string {
  return (
    `<h2>${htmlText(locale, 'server.manage.heading')}</h2><ul class="actions">` +
    `<li><a href="/loanmanager/go-green/">${htmlText(locale, 'server.manage.goGreen')}</a></li>` +
    `<li><a href="/loanmanager/eftsetuprequest/">${htmlText(locale, 'server.manage.autopay')}</a></li>` +
    `<li><a href="/loanmanager/profile/">${htmlText(locale, 'server.manage.profile')}</a></li></ul>`
  );
}
