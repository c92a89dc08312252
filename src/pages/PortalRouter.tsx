import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { focusHeadingWhenShown } from '../components/focusPageHeading';
import { useNavigation } from '../components/NavigationContext';
import { NotFound, PortalPage } from './PortalPage';
import { isPortalPath, PORTAL_BASENAME, type PortalRoute } from './portalRoutes';

/** Hands the router to the navigation service while the portal is mounted. */
function RouterNavigationBridge() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  useEffect(() => {
    navigation.attachRouter({
      handles: isPortalPath,
      navigate: (url) => {
        const target = new URL(url, window.location.href);
        navigate(`${target.pathname.slice(PORTAL_BASENAME.length)}${target.search}${target.hash}`);
      },
    });
    return () => navigation.attachRouter(null);
  }, [navigate, navigation]);
  return null;
}

/**
 * Every page this router shows comes after a move within the portal (the first page is shown without
 * it): focus goes to the new page's heading, never left on <body> where the old page's link was.
 */
function RoutedPage({ route }: { route: PortalRoute }) {
  const { pathname } = useLocation();
  useEffect(() => focusHeadingWhenShown(), [pathname]);
  return <PortalPage route={route} pathname={pathname} />;
}

/** The portal's pages as one react-router app under /loanmanager/, from the first move within it on. */
export default function PortalRouter({ routes }: { routes: PortalRoute[] }) {
  return (
    <BrowserRouter basename={PORTAL_BASENAME}>
      <RouterNavigationBridge />
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutedPage route={route} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
