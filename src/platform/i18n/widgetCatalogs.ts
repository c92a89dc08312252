/**
 * Each part of the portal's catalog, in the page's language: one chunk per namespace and
 * language (`?ns=`, compiled at build by scripts/i18n/catalogLoader.ts). A chunk of its own,
 * a few hundred bytes, asked for beside a widget's entry (src/widgets/withPageFeature.ts), so it
 * arrives long before the widget runtime: the loader itself stays without these maps.
 */
import type { Messages } from '@lingui/core';
import { pageLocale } from './pageLocale';

type Catalog = Promise<{ default: Messages }>;

// webpack needs each query spelled out: one line per namespace
const CATALOGS = {
  registration: (): Catalog => import(/* webpackChunkName: "i18n-registration-[request]" */ `./locales/${pageLocale()}.json?ns=registration`),
  recoverUsername: (): Catalog => import(/* webpackChunkName: "i18n-recoverUsername-[request]" */ `./locales/${pageLocale()}.json?ns=recoverUsername`),
  passwordReset: (): Catalog => import(/* webpackChunkName: "i18n-passwordReset-[request]" */ `./locales/${pageLocale()}.json?ns=passwordReset`),
  verifyEmail: (): Catalog => import(/* webpackChunkName: "i18n-verifyEmail-[request]" */ `./locales/${pageLocale()}.json?ns=verifyEmail`),
  goGreen: (): Catalog => import(/* webpackChunkName: "i18n-goGreen-[request]" */ `./locales/${pageLocale()}.json?ns=goGreen`),
  popups: (): Catalog => import(/* webpackChunkName: "i18n-popups-[request]" */ `./locales/${pageLocale()}.json?ns=popups`),
  login: (): Catalog => import(/* webpackChunkName: "i18n-login-[request]" */ `./locales/${pageLocale()}.json?ns=login`),
  profile: (): Catalog => import(/* webpackChunkName: "i18n-profile-[request]" */ `./locales/${pageLocale()}.json?ns=profile`),
  sessionTimeout: (): Catalog => import(/* webpackChunkName: "i18n-sessionTimeout-[request]" */ `./locales/${pageLocale()}.json?ns=sessionTimeout`),
  portal: (): Catalog => import(/* webpackChunkName: "i18n-portal-[request]" */ `./locales/${pageLocale()}.json?ns=portal`),
};

/** A part of the catalog a widget (or the portal) downloads: its namespace, plus `common` and `validation`. */
export type CatalogNamespace = keyof typeof CATALOGS;

export const loadCatalog = (namespace: CatalogNamespace): Catalog => CATALOGS[namespace]();
