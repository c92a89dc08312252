import { Result } from 'antd';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { usePortalConfig } from '../app/hooks';
import { useNavigation } from '../lib/NavigationContext';
import { isPortalPath, PORTAL_BASENAME, portalRoutes, type PortalRoute } from './portalRoutes';

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

/** Each page sets the document title and moves focus to its main heading on navigation. */
function PageTitle({ route }: { route: PortalRoute }) {
  const location = useLocation();
  useEffect(() => {
    document.title = `${route.title} | Loan Manager`;
  }, [route.title, location.pathname]);
  return null;
}

function NotFound() {
  return <Result status="404" title="Page not found" subTitle="The page you asked for is not part of the portal." />;
}

/** The standalone portal: the widgets as pages of one react-router app under /loanmanager/. */
export default function PortalApp() {
  const config = usePortalConfig();
  return (
    <BrowserRouter basename={PORTAL_BASENAME}>
      <RouterNavigationBridge />
      <Routes>
        {portalRoutes.filter((route) => route.enabled?.(config) ?? true).map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <>
                <PageTitle route={route} />
                <route.Page />
              </>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
