import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PortalConfig } from '../platform/config';
import { widgetRegistry } from '../widgets/registry';

export interface PortalRoute {
  /** Path under /loanmanager/, without slashes at either end; '*' matches the rest. */
  path: string;
  title: string;
  Page: LazyExoticComponent<ComponentType>;
  /** A route that exists only under some configs (QA tools). */
  enabled?: (config: PortalConfig) => boolean;
}

/** The QA replay page: non-production builds, or a host whose config sets `qa_tools`. */
export const qaToolsEnabled = (config: Pick<PortalConfig, 'qaTools'>) =>
  process.env.NODE_ENV !== 'production' || config.qaTools;

const page = (widget: string) => {
  const load = widgetRegistry[widget];
  if (!load) throw new Error(`no widget ${widget}`);
  return lazy(load);
};

export const PORTAL_BASENAME = '/loanmanager';

/** The standalone portal's pages: each is one of the embeddable widgets, lazy-loaded. */
export const portalRoutes: PortalRoute[] = [
  { path: 'register', title: 'Register', Page: page('registration') },
  { path: 'recover_username', title: 'Recover Username', Page: page('recover-username') },
  { path: 'request_password_reset', title: 'Having trouble signing in?', Page: page('request-password-reset') },
  { path: 'reset_password/*', title: 'Reset Password', Page: page('reset-password') },
  { path: 'verify_email', title: 'Verify Email', Page: page('verify-email') },
  { path: 'go-green', title: 'Go Green', Page: page('go-green') },
  { path: 'login', title: 'Sign In', Page: page('login') },
  { path: 'profile', title: 'Profile', Page: page('profile') },
  {
    path: 'qa/replay',
    title: 'Replay a QA recording',
    Page: lazy(() => import(/* webpackChunkName: "qa-replay" */ './qa/ReplayPage')),
    enabled: qaToolsEnabled,
  },
];

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
