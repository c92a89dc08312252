/**
 * The server's texts in the borrower's language: its error lists, its pages and its emails read
 * the same catalogs as the widgets (src/platform/i18n/locales), compiled once at start-up. One Lingui
 * instance per language, never re-activated: safe to share between requests.
 */
import { setupI18n, type I18n } from '@lingui/core';
import english from '../src/platform/i18n/locales/en.json';
import spanish from '../src/platform/i18n/locales/es.json';
import { compileCatalog, type SourceCatalog } from '../src/platform/i18n/catalog';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../src/platform/i18n/locales';
import type { MessageId, MessageValues } from '../src/platform/i18n/messageId';

const SOURCES: Record<Locale, SourceCatalog> = { en: english, es: spanish };

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: compileCatalog(SOURCES[locale], { fallback: english }) } }),
  ]),
);

export function serverI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  return instances.get(locale) ?? (instances.get(DEFAULT_LOCALE) as I18n);
}

/** A message's text in `locale`. */
export function serverText(locale: Locale, id: MessageId, values?: MessageValues): string {
  return serverI18n(locale)._(id, values);
}
