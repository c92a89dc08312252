/**
 * Each part of the portal's catalog, in each language: one chunk per namespace and language
 * (`?ns=`, compiled at build by scripts/i18n/messagesLoader.ts). A chunk of its own, asked for
 * beside a widget's entry (src/widgets/withPageFeature.ts), so it arrives long before the widget
 * runtime; the loader itself stays without these lines. Static imports, not a template: webpack's
 * context maps cost about twice the bytes on every page. No chunk names either: the loader's
 * runtime keeps every chunk's name, and twenty names cost each page about half a kilobyte. A new
 * language's lines are demanded by the compiler (`Record<Locale, …>`).
 * Written by scripts/widgetTables.ts from the catalog (`npm run widgets`): do not edit by hand.
 */
import type { Messages } from '@lingui/core';
import type { Locale } from './locales';
import { pageLocale } from './pageLocale';

type Catalog = () => Promise<{ default: Messages }>;

const CATALOGS = {
  registration: {
    en: () => import('./locales/en.json?ns=registration&part'),
    es: () => import('./locales/es.json?ns=registration&part'),
  },
  recoverUsername: {
    en: () => import('./locales/en.json?ns=recoverUsername&part'),
    es: () => import('./locales/es.json?ns=recoverUsername&part'),
  },
  passwordReset: {
    en: () => import('./locales/en.json?ns=passwordReset&part'),
    es: () => import('./locales/es.json?ns=passwordReset&part'),
  },
  verifyEmail: {
    en: () => import('./locales/en.json?ns=verifyEmail&part'),
    es: () => import('./locales/es.json?ns=verifyEmail&part'),
  },
  goGreen: {
    en: () => import('./locales/en.json?ns=goGreen&part'),
    es: () => import('./locales/es.json?ns=goGreen&part'),
  },
  popups: {
    en: () => import('./locales/en.json?ns=popups&part'),
    es: () => import('./locales/es.json?ns=popups&part'),
  },
  login: {
    en: () => import('./locales/en.json?ns=login&part'),
    es: () => import('./locales/es.json?ns=login&part'),
  },
  profile: {
    en: () => import('./locales/en.json?ns=profile&part'),
    es: () => import('./locales/es.json?ns=profile&part'),
  },
  sessionTimeout: {
    en: () => import('./locales/en.json?ns=sessionTimeout&part'),
    es: () => import('./locales/es.json?ns=sessionTimeout&part'),
  },
  portal: {
    en: () => import('./locales/en.json?ns=portal&part'),
    es: () => import('./locales/es.json?ns=portal&part'),
  },
} satisfies Record<string, Record<Locale, Catalog>>;

/** A part of the catalog a widget (or the portal) downloads: its namespace, plus `common` and `validation`. */
export type MessagesNamespace = keyof typeof CATALOGS;

export const loadMessages = (namespace: MessagesNamespace) => CATALOGS[namespace][pageLocale()]();
