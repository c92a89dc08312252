import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { usePortalConfig } from '../state/hooks';
import type { PreparesHydration } from '../platform/renderProtocol';
import { useNavigation } from '../components/NavigationContext';
import { NotFound, PortalPage } from './PortalPage';
import { isPortalPath, matchPortalRoute, portalRoutes, type PortalRoute } from './portalRoutes';

type Router = ComponentType<{ routes: PortalRoute[] }>;

// prefetched when the browser is idle, so the first move within the portal rarely waits for it
const loadRouter = () => import(/* webpackChunkName: "portal-router", webpackPrefetch: true */ './PortalRouter');

/**
 * Loads the page at `url` before the portal hydrates (`PortalApp.prepareHydration`), so its first
 * render does not suspend: a page the server drew is hydrated in one pass, in slices, instead of
 * the lazy page waiting with its HTML and then being hydrated all at once, in one long task, by the
 * first update that reaches it (bench/RESULTS.md, "Main-thread tasks"). A page the browser draws keeps its
 * lazy page and spinner. Only the widgets' pages: a QA tool loads when it is shown.
 */
export function loadFirstPage(url: string): Promise<void> {
  const route = matchPortalRoute(url);
  return route?.widget ? route.Page.preload() : Promise.resolve();
}

/**
 * The standalone portal: the widgets as pages under /loanmanager/. The first page is matched here
 * and shown at once; react-router (≈13 KiB gzip) loads with the first move to another portal
 * page, which it then takes over (the address is set first, so the router starts there).
 */
export default function PortalApp() {
  const config = usePortalConfig();
  const navigation = useNavigation();
  const routes = useMemo(() => portalRoutes.filter((route) => route.enabled?.(config) ?? true), [config]);
  const [firstPage] = useState(() => {
    const url = navigation.currentUrl();
    return { route: matchPortalRoute(url, routes), pathname: new URL(url, 'http://portal.invalid').pathname };
  });
  const [Router, setRouter] = useState<Router | null>(null);

  useEffect(() => {
    if (Router) return undefined; // the router attaches itself
    let mounted = true;
    navigation.attachRouter({
      handles: isPortalPath,
      navigate: (url) => {
        window.history.pushState(null, '', url);
        loadRouter().then(
          ({ default: loaded }) => mounted && setRouter(() => loaded),
          () => window.location.assign(url), // the router did not load: the page the classic way
        );
      },
    });
    return () => {
      mounted = false;
      navigation.attachRouter(null);
    };
  }, [Router, navigation]);

  if (Router) return <Router routes={routes} />;
  return firstPage.route ? <PortalPage route={firstPage.route} pathname={firstPage.pathname} /> : <NotFound />;
}

(PortalApp as PreparesHydration).prepareHydration = loadFirstPage;
