/**
 * dist/ssr/render.js, the server render's entry (webpack.config.ts `serverRenderConfig`): the
 * first view of a portal page as HTML, from the same components, store and catalog as the
 * browser's first render, so the loader hydrates it instead of drawing it again (issue 18). One
 * store and one Lingui instance per request; no saga, no API call, no effect runs here: the
 * first view is what the page shows before any answer, as in the browser, but for the answers
 * the page comes with (src/firstView/firstAnswers.ts), which the browser's store gets before hydrating.
 */
import { createCache, extractStyle } from '@ant-design/cssinjs';
import hash from '@emotion/hash';
import { setupI18n, type I18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { prerender } from 'react-dom/static.edge';
import type { FirstAnswers } from './firstView/firstAnswers';
import { receiveFirstAnswers } from './firstView/firstAnswers';
import { createPageFeatures, makePageStore } from './firstView/pageStore';
import PortalApp from './pages/PortalApp';
import { matchPortalRoute, portalRoutes } from './pages/portalRoutes';
import { parseConfig } from './platform/config';
import type { CaptchaProvider } from './platform/captcha';
import type { ErrorReporter } from './platform/errorReporting';
import { compileMessages } from './platform/i18n/compileMessages';
import english from './platform/i18n/locales/en.json';
import spanish from './platform/i18n/locales/es.json';
import { localeOfConfig, type Locale } from './platform/i18n/locales';
import { memoryStorage } from './platform/memoryStorage';
import { createNavigation } from './platform/navigation';
import type { RenderPortalPage } from './platform/renderProtocol';
import { widgetRegistry } from './widgets/registry';
import type { WidgetEntry } from './widgets/withPageFeature';
import { WidgetShell } from './widgets/WidgetShell';
import { primedStyleCache, type StyleCache } from './firstView/portalStyleCache';
import { portalTheme } from './widgets/theme';

const CATALOGS: Record<Locale, Messages> = {
  en: compileMessages(english),
  es: compileMessages(spanish, { fallback: english }),
};

const i18nFor = (locale: Locale): I18n => setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });

/** Nothing to report from a first view: no flow runs here, and a render error rejects the render. */
const SILENT: ErrorReporter = { report: () => undefined, log: () => undefined };

/** No submit happens here (reCAPTCHA v3's provider would reach for the document to load Google's script). */
const NO_CAPTCHA: CaptchaProvider = { getCaptchaToken: () => Promise.reject(new Error('no captcha in a server render')) };

const ORIGIN = 'http://portal.invalid';

/**
 * The prelude as text. React's edge build, not its Node one: the Node build runs every render in an
 * AsyncLocalStorage, and once one has run, Node calls async_hooks on every promise the server makes
 * afterwards, on every request (the edge build looks for a global AsyncLocalStorage, which Node has
 * not): most of the 21–31 % more CPU a PostgreSQL API request took than before the data layer (bench/RESULTS.md "Server load", issue 50).
 */
function collect(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * React adds an inline script to replay form submits made before hydration: the pages' CSP
 * refuses inline scripts (and a console error for each page), and our forms' inert action
 * (BoundForm) already keeps such a submit from going anywhere. Nothing else of ours is a script.
 */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');

export const renderPortalPage: RenderPortalPage = async ({ url, config: raw, firstAnswers }) => {
  // QA's pseudo-locale, or a language the portal does not speak: the browser draws those pages
  if (!localeOfConfig(raw).spoken) return null;
  const config = parseConfig(raw);
  const routes = portalRoutes.filter((candidate) => candidate.enabled?.(config) ?? true);
  const route = matchPortalRoute(new URL(url, ORIGIN).href, routes);
  if (!route?.widget) return null;
  const features = createPageFeatures();
  // the widget's chunk: its feature is in the store before the first render, as in the browser
  const entry = (await widgetRegistry[route.widget]()) as unknown as WidgetEntry;
  features.add(entry.feature);
  const navigation = createNavigation(
    () => undefined,
    () => new URL(url, ORIGIN).href,
  );
  const store = makePageStore({
    features,
    dependencies: { config, navigation, captcha: NO_CAPTCHA, reporter: SILENT, sessionStore: memoryStorage() },
  });
  // what the page comes with, as the hydration hands it to the browser's store (src/firstView/hydration.tsx)
  if (firstAnswers) await receiveFirstAnswers(store, firstAnswers as FirstAnswers);
  // antd's design tokens are CSS variables, written by antd as the widget renders: collected here for the page's head
  const { styles, used } = renderStyleCache();
  const { prelude } = await prerender(
    <WidgetShell store={store} widget="portal" withSnackbar={false} startsFlows i18n={i18nFor(config.locale)} styleCache={styles}>
      <PortalApp />
    </WidgetShell>,
  );
  return { html: withoutScripts(await collect(prelude)), headStyles: withBrowserTokenStyleKey(extractStyle(used)) };
};

/**
 * antd's styles are worked out once per server, not per page (issue 50): every render reads and
 * writes one shared cssinjs cache, through a view that copies each entry this render touches, in
 * the order and with the update order a fresh cache would have, into a cache of its own, whose
 * styles go in the page's head. So the head holds this page's styles only, exactly as with a
 * fresh cache, while a component's token and CSS (the same for every borrower) are computed by the
 * first render that draws it: with a fresh cache per render, cssinjs's `merge` of the 450-value
 * token alone was 16-19 % of go-green's and profile's CPU (bench/RESULTS.md, "Server-drawn pages").
 */
const sharedStyles = primedStyleCache();
function renderStyleCache(): { styles: StyleCache; used: StyleCache } {
  const used = createCache();
  const styles: StyleCache = Object.create(sharedStyles) as StyleCache;
  styles.opUpdate = (path, valueFn) => {
    sharedStyles.opUpdate(path, valueFn);
    const value = sharedStyles.opGet(path);
    used.opUpdate(path, () => value);
  };
  return { styles, used };
}

const CSS_VAR_KEY = typeof portalTheme.cssVar === 'object' ? portalTheme.cssVar.key : undefined;

/**
 * cssinjs writes the theme's root CSS variables (`.lm{--lm-…}`) under the token's own key here,
 * but the browser looks them up under `hash('css-var-' + key)` (its useCacheToken). Not finding
 * the server's copy, the browser added a second one, 10 kB, right after the hydration: a style
 * recalculation of the whole page, 45–80 ms at 4x (bench/RESULTS.md, "Main-thread tasks"). Under the
 * browser's key, the browser finds the same text and leaves it be.
 */
function withBrowserTokenStyleKey(headStyles: string, key = CSS_VAR_KEY): string {
  if (!key) return headStyles;
  const rootVariables = new RegExp(`(<style\\b[^>]*\\bdata-token-hash="${key}"[^>]*\\bdata-css-hash=")[^"]*(">\\.${key}\\{)`);
  return headStyles.replace(rootVariables, `$1${hash(`css-var-${key}`)}$2`);
}
