import { Result } from 'antd';
import { useEffect } from 'react';
import type { PortalRoute } from './portalRoutes';
import { useT } from '../platform/i18n/useT';

/** A portal page: its widget, with the document title set for it, in the page's language, on every address change. */
export function PortalPage({ route, pathname }: { route: PortalRoute; pathname: string }) {
  const t = useT();
  const title = t(route.titleId);
  useEffect(() => {
    document.title = `${title} | Loan Manager`;
  }, [title, pathname]);
  return <route.Page />;
}

export function NotFound() {
  const t = useT();
  return <Result status="404" title={t('common.pageNotFound')} subTitle={t('common.pageNotFoundDetail')} />;
}
