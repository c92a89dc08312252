/**
 * The loader of every widget of the catalog (src/platform/widgetCatalog.ts), by name. Each is a
 * separate chunk named after the row's `chunkGroup`: a page downloads only the widgets it holds,
 * and with each widget only its own feature (slice, saga, endpoints), which its entry module
 * (./entries) adds to the page store. Typed by the catalog's names: a row without a loader, or a
 * loader without a row, does not compile. webpack reads the chunk names from the literal comments,
 * so they are spelled out here; registry.test.ts checks them against the catalog.
 * The standalone portal (`portal`, src/pages) is placed the same way; it sits above the widgets,
 * so the loader's entry (src/main.ts) adds it to these.
 */
import type { ComponentType } from 'react';
import type { WidgetName } from '../platform/widgetCatalog';

export type WidgetModule = { default: ComponentType };

export type WidgetLoader = () => Promise<WidgetModule>;

/** The attribute of a host page's widget element: <div data-loanmanager-widget="NAME">. */
export const WIDGET_ATTRIBUTE = 'data-loanmanager-widget';

/** What the loader mounts: the catalog's widgets plus what the entry adds (the portal). */
export type WidgetRegistry = Record<string, WidgetLoader>;

export const widgetRegistry: Readonly<Record<WidgetName, WidgetLoader>> = {
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
