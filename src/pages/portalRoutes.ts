import { preloadableLazy, type PreloadableComponent } from '../lib/preloadableLazy';
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

/** The route of an address under /loanmanager/ (as react-router matches it), or null. */
export function matchPortalRoute(url: string, routes: PortalRoute[] = portalRoutes): PortalRoute | null {
  const { pathname } = new URL(url, 'http://portal.invalid');
  if (!pathname.startsWith(`${PORTAL_BASENAME}/`)) return null;
  const rest = pathname.slice(PORTAL_BASENAME.length + 1).replace(/\/+$/, '');
  return (
    routes.find((route) =>
      route.path.endsWith('/*') ? rest.startsWith(route.path.slice(0, -2)) : rest === route.path,
    ) ?? null
  );
}

/** Whether an address is a page of this router (else it is a full page load). */
export function isPortalPath(url: string): boolean {
  return matchPortalRoute(url) !== null;
}
