/**
 * Every widget a host page can place with <div data-loanmanager-widget="NAME">. Each entry is a
 * separate chunk: a page downloads only the widgets it holds, and with each widget only its own
 * feature (slice, saga, endpoints), which its entry module (./entries) adds to the page store.
 * The standalone portal (`portal`, src/pages) is placed the same way; it sits above the widgets,
 * so the loader's entry (src/main.ts) adds it to these.
 */
import type { ComponentType } from 'react';

export type WidgetModule = { default: ComponentType };

/** The attribute of a host page's widget element: <div data-loanmanager-widget="NAME">. */
export const WIDGET_ATTRIBUTE = 'data-loanmanager-widget';

export type WidgetRegistry = Record<string, () => Promise<WidgetModule>>;

export const widgetRegistry: WidgetRegistry = {
  registration: () => import(/* webpackChunkName: "widget-registration" */ './entries/registration'),
  'recover-username': () => import(/* webpackChunkName: "widget-recover-username" */ './entries/recover-username'),
  'request-password-reset': () =>
    import(/* webpackChunkName: "widget-request-password-reset" */ './entries/request-password-reset'),
  'reset-password': () => import(/* webpackChunkName: "widget-reset-password" */ './entries/reset-password'),
  'verify-email': () => import(/* webpackChunkName: "widget-verify-email" */ './entries/verify-email'),
  'go-green': () => import(/* webpackChunkName: "widget-go-green" */ './entries/go-green'),
  popups: () => import(/* webpackChunkName: "widget-popups" */ './entries/popups'),
  login: () => import(/* webpackChunkName: "widget-login" */ './entries/login'),
  profile: () => import(/* webpackChunkName: "widget-profile" */ './entries/profile'),
};
