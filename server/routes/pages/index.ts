/**
 * The portal's pages, one module per family: signed out (kept drawn: signedOut.ts), signed in
 * (signedIn.ts), the header's forms (forms.ts), on the tools they share (kit.ts). Every page is in
 * the request's language (server/http/locale.ts), which its config block hands to the widgets, and
 * carries the language switch (POST /loanmanager/locale/).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { landingUrl, PORTAL_URLS } from '../../../src/lib/portalUrls';
import type { Locale } from '../../../src/platform/i18n/locales';
import { signedInAccount, type PortalContext } from '../../http/context';
import { htmlText, renderPage } from '../../pages/html';
import { serverText } from '../../http/i18n';
import type { RenderPortalPage } from '../../../src/platform/renderProtocol';
import { buildIdentity, PageCache } from '../../pages/pageCache';
import { KeptHeads } from '../../pages/keptHeads';
import { KeptViews } from '../../pages/keptViews';
import { buildRecheckMs } from '../../pages/preload';
import { pageSchema } from '../schemas';
import { pageForms } from './forms';
import { localeSwitchFor, pageKit, type KeptSignedIn } from './kit';
import { signedInPages } from './signedIn';
import { signedOutPages } from './signedOut';

export { sendHtml } from './kit';

/** What the pages' server may be given besides its options (server/http/app.ts BuildOptions). */
export interface PageSetup {
  keepPages: boolean;
  serverRender?: RenderPortalPage;
}

const KEPT = new WeakMap<FastifyInstance, PageCache>();
/** The signed-out pages a server keeps drawn (tests look inside). */
export const keptPagesOf = (app: FastifyInstance): PageCache | undefined => KEPT.get(app);
const KEPT_SIGNED_IN = new WeakMap<FastifyInstance, KeptSignedIn>();
/** The signed-in pages' kept heads and views of a server (tests look inside). */
export const keptSignedInOf = (app: FastifyInstance): KeptSignedIn | undefined => KEPT_SIGNED_IN.get(app);

export function pageRoutes(app: FastifyInstance, ctx: PortalContext, setup: PageSetup = { keepPages: true }) {
  app.get('/loanmanager', { schema: pageSchema('To the landing page when signed in, else to sign in', { redirect: true }) }, async (request, reply) => {
    const account = await signedInAccount(ctx, request);
    const target = account ? landingUrl(await ctx.store.loansOfBorrower(account.borrower.id)) : PORTAL_URLS.login;
    return reply.code(302).header('cache-control', 'no-store').redirect(target);
  });
  const recheckMs = buildRecheckMs(ctx.options.production);
  const identity = () => buildIdentity(ctx.options.staticDir, recheckMs);
  const keptSignedIn = setup.keepPages ? { heads: new KeptHeads(), views: new KeptViews(identity) } : null;
  const kit = pageKit(ctx, app.log, setup.serverRender, keptSignedIn);
  const kept = setup.keepPages ? new PageCache(identity) : null;
  if (kept) KEPT.set(app, kept);
  if (keptSignedIn) KEPT_SIGNED_IN.set(app, keptSignedIn);
  signedOutPages(app, ctx, kit, kept);
  signedInPages(app, ctx, kit);
  pageForms(app, ctx);
}

/** The answer to an address no route has, in the request's language, with the language switch. */
export function notFoundPage(locale: Locale, request: FastifyRequest): string {
  const title = serverText(locale, 'common.pageNotFound');
  return renderPage({
    locale,
    localeSwitch: localeSwitchFor(request),
    title,
    heading: title,
    content: `<p>${htmlText(locale, 'server.notFound.body', {}, { 0: [`<a href="${PORTAL_URLS.login}">`, '</a>'] })}</p>`,
  });
}
