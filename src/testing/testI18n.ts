/**
 * Lingui in tests: the whole catalog of a language, compiled as the build compiles it (with the
 * English fallback), without webpack. The page's instance (what widgets use unless told) is
 * English with every key; a test of another language renders with `testI18n('es')`.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import english from '../platform/i18n/locales/en.json';
import spanish from '../platform/i18n/locales/es.json';
import { compileMessages, type SourceMessages } from '../platform/i18n/compileMessages';
import type { Locale } from '../platform/i18n/locales';
import { addPageMessages, pageI18n } from '../platform/i18n/pageI18n';

const SOURCES: Record<Locale, SourceMessages> = { en: english, es: spanish };

export function testI18n(locale: Locale): I18n {
  const messages = compileMessages(SOURCES[locale], { fallback: english });
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/**
 * The page instance as webpack would fill it. Widget loaders in jest import the source JSON (no
 * loader: jest.config.ts maps `?ns=` away), so the page instance compiles those at first use.
 */
export function preparePageI18n() {
  pageI18n().setMessagesCompiler(compileMessage);
  addPageMessages(compileMessages(english));
}
