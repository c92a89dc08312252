import { Result } from 'antd';
import { useEffect } from 'react';
import type { PortalRoute } from './portalRoutes';
import { LOCALE_RETURN_ATTRIBUTE } from '../platform/i18n/locales';
import { useT } from '../platform/i18n/useT';

/**
 * A portal page: its widget, with the document title set for it, in the page's language, on every
 * address change; and the header's language switch (the server's form, outside the portal) set to
 * come back to this page rather than the one the browser loaded.
 */
export function PortalPage({ route, pathname }: { route: PortalRoute; pathname: string }) {
  const t = useT();
  const title = t(route.titleId);
  useEffect(() => {
    document.title = `${title} | Loan Manager`;
    for (const input of document.querySelectorAll<HTMLInputElement>(`input[${LOCALE_RETURN_ATTRIBUTE}]`)) {
      input.value = window.location.pathname;
    }
  }, [title, pathname]);
  return <route.Page />;
}

export function NotFound() {
  const t = useT();
  return <Result status="404" title={t('common.pageNotFound')} subTitle={t('common.pageNotFoundDetail')} />;
}
