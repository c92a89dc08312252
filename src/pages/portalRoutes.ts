import { preloadableLazy, type PreloadableComponent } from '../components/preloadableLazy';
import type { PortalConfig } from '../platform/config';
import type { MessageId } from '../platform/i18n/messageId';
import { PORTAL_PAGES, type WidgetName } from '../platform/widgetCatalog';
import { widgetRegistry } from '../widgets/registry';

export interface PortalRoute {
  /** Path under /loanmanager/, without slashes at either end; '*' matches the rest. */
  path: string;
  /** The page's title in the catalogs: document.title, in the page's language. */
  titleId: MessageId;
  /** Lazy-loaded: `Page.preload()` loads it ahead of its first render (loadFirstPage in PortalApp.tsx). */
  Page: PreloadableComponent;
  /** The widget the page shows (null: a QA tool, never server-rendered). */
  widget: WidgetName | null;
  /** A route that exists only under some configs (QA tools). */
  enabled?: (config: PortalConfig) => boolean;
}

/** The QA replay page: non-production builds, or a host whose config sets `qa_tools`. */
const qaToolsEnabled = (config: Pick<PortalConfig, 'qaTools'>) =>
  process.env.NODE_ENV !== 'production' || config.qaTools;

export const PORTAL_BASENAME = '/loanmanager';

const widgetPage = (widget: WidgetName) => preloadableLazy(widgetRegistry[widget]);

/**
 * The standalone portal's pages, from the widget catalog (src/platform/widgetCatalog.ts): each
 * is one of the embeddable widgets, lazy-loaded, and last the QA replay tool.
 */
export const portalRoutes: PortalRoute[] = PORTAL_PAGES.map(({ path, titleId, widget, qaOnly }) => ({
  path,
  titleId,
  Page: widget ? widgetPage(widget) : preloadableLazy(() => import(/* webpackChunkName: "qa-replay" */ './qa/ReplayPage')),
  widget: widget ?? null,
  ...(qaOnly ? { enabled: qaToolsEnabled } : {}),
}));

/**
 * The route of an address under /loanmanager/, or null, as react-router's `matchRoutes` picks it: whole
 * segments (`reset_password/*` takes `reset_password/` and `reset_password/abc/`, never `reset_passwordX/`),
 * letter case ignored. Not `matchRoutes` itself: the first view would then download react-router whole
 * (12 KiB gzip: its module's top-level contexts and components cannot be shaken off), which the portal
 * loads with the first move only; `PortalApp.test.tsx` holds this equal to `matchRoutes` on every page.
 */
export function matchPortalRoute(url: string, routes: PortalRoute[] = portalRoutes): PortalRoute | null {
  const { pathname } = new URL(url, 'http://portal.invalid');
  const base = `${PORTAL_BASENAME}/`;
  if (!pathname.toLowerCase().startsWith(base)) return null;
  const rest = pathname.slice(base.length).replace(/\/+$/, '').toLowerCase();
  const matches = ({ path }: PortalRoute) => {
    if (!path.endsWith('/*')) return rest === path.toLowerCase();
    const parent = path.slice(0, -2).toLowerCase();
    return rest === parent || rest.startsWith(`${parent}/`);
  };
  return routes.find(matches) ?? null;
}

/** Whether an address is a page of this router (else it is a full page load). */
export function isPortalPath(url: string): boolean {
  return matchPortalRoute(url) !== null;
}
