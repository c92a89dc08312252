/**
 * What every family of pages shares (server/routes/pages/): the config block, the preloads, the
 * server's draw of a widget, the page shell around it, and sending it (compressed for the portal's
 * own navigations only: control 28).
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { landingUrl, PORTAL_URLS, portalReturnTarget } from '../../../src/lib/portalUrls';
import { LOCALE_COOKIE, PSEUDO_LOCALE, type Locale } from '../../../src/platform/i18n/locales';
import type { MessageId } from '../../../src/platform/i18n/messageId';
import type { PortalContext } from '../../http/context';
import { serverText } from '../../http/i18n';
import { helpHours, helpLinks, htmlText, pageHtml, renderPageParts, type HelpContact, type LocaleSwitch, type PageConfig, type PageOptions, type PageParts } from '../../pages/html';
import { compressHtml, HTML_VARY, htmlEncodingFor, htmlEncodingsFor } from '../../pages/htmlCompression';
import type { KeptHeads } from '../../pages/keptHeads';
import type { KeptViews } from '../../pages/keptViews';
import { buildRecheckMs, messagesChunkGroup, pageChunkGroups, preloadUrls, readChunkManifest, stylesheetUrls } from '../../pages/preload';
import { maskCsrfToken } from '../../auth/security';
import { createServerRenderer } from '../../pages/firstViewRenderer';
import type { Account, Loan } from '../../db/records';
import type { RenderPortalPage } from '../../../src/platform/renderProtocol';
import type { FirstAnswerValues } from './firstAnswers';

/** The longest path the language switch sends a browser back to (the reset page's, with its nonce, is about 75). */
const RETURN_PATH_MAXIMUM = 300;

/** A page of the portal with the query it reads (no open redirect: control 26), at most RETURN_PATH_MAXIMUM long; else home. */
export function languageSwitchTarget(back: unknown): string {
  const target = typeof back === 'string' && back.length <= RETURN_PATH_MAXIMUM ? portalReturnTarget(back) : null;
  return target ?? PORTAL_URLS.home;
}

/**
 * Where the language switch sends the browser back to: this request's page with the query it reads
 * (the loan asked for: portalReturnTarget), else the portal's home.
 */
export function returnPathOf(request: FastifyRequest): string {
  const url = new URL(request.url, 'http://portal.invalid');
  return languageSwitchTarget(`${url.pathname}${url.search}`);
}

/** The header's language switch of a page answering `request`: its token masked afresh (control 28). */
export function localeSwitchFor(request: FastifyRequest): LocaleSwitch {
  return { maskedCsrfToken: maskCsrfToken(request.csrfToken), returnPath: returnPathOf(request) };
}

/** A page, compressed when the request may have it so (control 28: never to another site's requests). */
export async function sendHtml(reply: FastifyReply, statusCode: number, html: string) {
  reply.code(statusCode).header('cache-control', 'no-store').header('vary', HTML_VARY).type('text/html; charset=utf-8');
  const encoding = htmlEncodingFor(reply.request);
  if (!encoding) return reply.send(html);
  const body = await compressHtml(html, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

/** What a server keeps of its signed-in pages (none: each drawn and compressed whole, as a test's fresh server does). */
export interface KeptSignedIn {
  heads: KeptHeads;
  views: KeptViews;
}

/**
 * A page in its parts: as sendHtml, but gzip (when accepted) from the head compressed once
 * (server/pages/keptHeads.ts), the same page byte for byte; brotli or nothing is sendHtml's.
 */
async function sendPage(reply: FastifyReply, statusCode: number, page: PageParts, heads: KeptHeads | null) {
  if (!heads || !htmlEncodingsFor(reply.request).includes('gzip')) return sendHtml(reply, statusCode, pageHtml(page));
  reply.code(statusCode).header('cache-control', 'no-store').header('vary', HTML_VARY).type('text/html; charset=utf-8');
  return reply.header('content-encoding', 'gzip').send(heads.gzip(page.head, page.body));
}

/** "call {phone} ({hours}) or email {email}", as HTML. */
export function contactLine(locale: Locale, help: HelpContact): string {
  // the number as a tel: link, as in the footer: a tap calls it, and it never breaks across lines
  const { phone, email } = helpLinks(help);
  return htmlText(locale, 'server.contactLine', { phone, hours: helpHours(locale, help), email });
}

/** A widget page's first view as the server drew it, with its stylesheets and the answers it was drawn with. */
export type Drawn = NonNullable<PageOptions['serverRendered']>;

/** What a portal page's shell needs of its catalog row. */
export interface PortalPageShape {
  chunkGroup: string;
  titleId: MessageId;
  messagesNamespace?: string | undefined;
  flowsOfFirstView?: readonly string[] | undefined;
}

/** The shared tools of the page families, for one server. */
export function pageKit(ctx: PortalContext, log: FastifyBaseLogger, serverRender?: RenderPortalPage, kept: KeptSignedIn | null = null) {
  const { options } = ctx;
  const manifest = () => readChunkManifest(options.staticDir, buildRecheckMs(options.production));

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
   * The scripts a page preloads (server/pages/preload.ts): its chunk groups, and the parts of the catalog
   * its first view needs in its language (`namespaces`; a portal page the server drew adds the
   * portal's own part, which its hydration waits for).
   */
  const preload = (
    chunkGroup: string,
    locale: Locale,
    page: { portal: boolean; hydrates?: boolean; flows?: readonly string[]; namespaces?: readonly string[] },
  ) => {
    const { portal, hydrates = false, flows = [], namespaces = [] } = page;
    const catalogs = [...(portal && hydrates ? ['portal'] : []), ...namespaces].map((namespace) => messagesChunkGroup(locale, namespace));
    return preloadUrls(manifest(), pageChunkGroups(chunkGroup, { portal, hydrates, flows, catalogs }));
  };

  const renderWidget = createServerRenderer(options.staticDir, log, serverRender);
  /**
   * The portal's first view of `url`, drawn here, with the stylesheets of its chunks and the
   * answers it was drawn with (which the page carries for the hydration); null: drawn by the browser.
   * A signed-in view comes from the kept views when the server keeps them (server/pages/keptViews.ts).
   */
  const serverRendered = async (url: string, pageConfig: PageConfig, chunkGroup: string, firstAnswers?: FirstAnswerValues, signedIn = false): Promise<Drawn | null> => {
    const request = { url, config: pageConfig, ...(firstAnswers ? { firstAnswers } : {}) };
    const rendered = await (kept && signedIn ? kept.views.draw(request, renderWidget) : renderWidget(request));
    if (rendered === null) return null;
    return {
      ...rendered,
      stylesheets: stylesheetUrls(manifest(), pageChunkGroups(chunkGroup, { portal: true })),
      ...(firstAnswers ? { firstAnswers } : {}),
    };
  };

  /** QA's pseudo-locale for the widgets (the cookie set by hand; never in production, never offered). */
  const pseudoLocaleAsked = (request: FastifyRequest) => !options.production && request.cookies[LOCALE_COOKIE] === PSEUDO_LOCALE;

  /** The config block as the page embeds it: in QA's pseudo-locale when asked (then not drawn by the server). */
  const withPseudoLocale = (request: FastifyRequest, pageConfig: PageConfig): PageConfig =>
    pseudoLocaleAsked(request) ? { ...pageConfig, locale: PSEUDO_LOCALE } : pageConfig;

  /**
   * A page in the shell: with the header's language switch (`localeSwitch`), and, signed in, the
   * account's links, the sign-out form and the inactivity warning (docs/security.md, control 24).
   */
  const page = (
    request: FastifyRequest,
    signedInAs: { account: Account; loans: Loan[] } | null,
    current: string,
    rest: PageOptions & { localeSwitch: LocaleSwitch },
  ): PageParts => {
    const pageConfig = signedInAs ? (rest.config ?? config(rest.locale, { coacct: String(signedInAs.account.borrower.id) })) : rest.config;
    return renderPageParts({
      help: options.help,
      ...rest,
      nav: signedInAs ? { homePath: landingUrl(signedInAs.loans), csrfToken: request.csrfToken, current } : null,
      ...(signedInAs ? { sessionTimeout: true } : {}),
      config: pageConfig && withPseudoLocale(request, pageConfig),
    });
  };

  /** A page of the portal widget (a catalog row's), drawn by the server for `url` when it can; `drawn`: whether it did. */
  const portalPage = async (
    request: FastifyRequest,
    signedInAs: { account: Account; loans: Loan[] } | null,
    current: string,
    row: PortalPageShape,
    page_: { locale: Locale; localeSwitch: LocaleSwitch; pageConfig: PageConfig; url: string; firstAnswers?: FirstAnswerValues | undefined },
  ) => {
    const { locale, pageConfig } = page_;
    const drawn = await serverRendered(page_.url, pageConfig, row.chunkGroup, page_.firstAnswers, signedInAs !== null);
    const parts = page(request, signedInAs, current, {
      locale,
      localeSwitch: page_.localeSwitch,
      title: serverText(locale, row.titleId),
      widget: 'portal',
      config: pageConfig,
      serverRendered: drawn,
      preload: preload(row.chunkGroup, locale, {
        portal: true,
        hydrates: drawn !== null,
        flows: row.flowsOfFirstView ?? [],
        // its texts, when the server drew it (a page the browser draws may be the pseudo-locale's)
        namespaces: drawn && row.messagesNamespace ? [row.messagesNamespace] : [],
      }),
    });
    return { parts, html: pageHtml(parts), drawn: drawn !== null };
  };

  /** A page as sendPage sends it, from what this server keeps. */
  const send = (reply: FastifyReply, statusCode: number, parts: PageParts) => sendPage(reply, statusCode, parts, kept?.heads ?? null);

  return { options, config, preload, serverRendered, pseudoLocaleAsked, withPseudoLocale, page, portalPage, send };
}

export type PageKit = ReturnType<typeof pageKit>;
