/**
 * The loader of every widget of the catalog (src/platform/widgetCatalog.ts), by name. Each is a
 * separate chunk named after the row's `chunkGroup`: a page downloads only the widgets it holds,
 * and with each widget only its own feature (slice, saga, endpoints). Each loads the widget's
 * entry module (`src/features/<feature>/<name>Widget.entry.ts`: its `feature` and its component)
 * and adds the feature to the page store (withPageFeature.ts) before handing the widget over. Typed by the catalog's names: a row without a loader, or a
 * loader without a row, does not compile. webpack reads the chunk names from the literal comments,
 * so they are spelled out here; registry.test.ts checks them against the catalog.
 * With the entry, in parallel, the widget's part of the catalog in the page's language: its
 * namespace (src/platform/i18n/widgetMessages.ts).
 * The standalone portal (`portal`, src/pages) is placed the same way; it sits above the widgets,
 * so the loader's entry (src/main.ts) adds it to these.
 * Written by scripts/widgetTables.ts from the catalog (`npm run widgets`): do not edit by hand.
 */
import type { ComponentType } from 'react';
import type { WidgetName } from '../platform/widgetCatalog';
import { withPageFeature } from './withPageFeature';

type WidgetModule = { default: ComponentType };

export type WidgetLoader = () => Promise<WidgetModule>;

/** What the loader mounts: the catalog's widgets plus what the entry adds (the portal). */
export type WidgetRegistry = Record<string, WidgetLoader>;

export const widgetRegistry: Readonly<Record<WidgetName, WidgetLoader>> = {
  registration: () =>
    withPageFeature(import(/* webpackChunkName: "widget-registration" */ '../features/registration/registrationWidget.entry'), 'registration'),
  'recover-username': () =>
    withPageFeature(import(/* webpackChunkName: "widget-recover-username" */ '../features/recoverUsername/recoverUsernameWidget.entry'), 'recoverUsername'),
  'request-password-reset': () =>
    withPageFeature(import(/* webpackChunkName: "widget-request-password-reset" */ '../features/passwordReset/requestPasswordResetWidget.entry'), 'passwordReset'),
  'reset-password': () =>
    withPageFeature(import(/* webpackChunkName: "widget-reset-password" */ '../features/passwordReset/resetPasswordWidget.entry'), 'passwordReset'),
  'verify-email': () =>
    withPageFeature(import(/* webpackChunkName: "widget-verify-email" */ '../features/verifyEmail/verifyEmailWidget.entry'), 'verifyEmail'),
  'go-green': () =>
    withPageFeature(import(/* webpackChunkName: "widget-go-green" */ '../features/goGreen/goGreenWidget.entry'), 'goGreen'),
  popups: () =>
    withPageFeature(import(/* webpackChunkName: "widget-popups" */ '../features/popups/popupsWidget.entry'), 'popups'),
  login: () =>
    withPageFeature(import(/* webpackChunkName: "widget-login" */ '../features/login/loginWidget.entry'), 'login'),
  profile: () =>
    withPageFeature(import(/* webpackChunkName: "widget-profile" */ '../features/profile/profileWidget.entry'), 'profile'),
  'session-timeout': () =>
    withPageFeature(import(/* webpackChunkName: "session-timeout" */ '../features/sessionTimeout/sessionTimeoutWidget.entry'), 'sessionTimeout'),
};
