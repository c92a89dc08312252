import { Result } from 'antd';
import { useEffect } from 'react';
import type { PortalRoute } from './portalRoutes';

/** A portal page: its widget, with the document title set for it on every address change. */
export function PortalPage({ route, pathname }: { route: PortalRoute; pathname: string }) {
  useEffect(() => {
    document.title = `${route.title} | Loan Manager`;
  }, [route.title, pathname]);
  return <route.Page />;
}

export function NotFound() {
  return <Result status="404" title="Page not found" subTitle="The page you asked for is not part of the portal." />;
}
