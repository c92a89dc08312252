/**
 * The server's texts in the borrower's language: its error lists, its pages and its emails read
 * the same catalogs as the widgets (src/platform/i18n/locales), compiled once at start-up. One Lingui
 * instance per language, never re-activated: safe to share between requests.
 */
import { setupI18n, type I18n } from '@lingui/core';
import english from '../../src/platform/i18n/locales/en.json';
import spanish from '../../src/platform/i18n/locales/es.json';
import { compileMessages, type SourceMessages } from '../../src/platform/i18n/compileMessages';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/platform/i18n/locales';
import type { MessageId, MessageValues } from '../../src/platform/i18n/messageId';

const SOURCES: Record<Locale, SourceMessages> = { en: english, es: spanish };

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: compileMessages(SOURCES[locale], { fallback: english }) } }),
  ]),
);

function serverI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  return instances.get(locale) ?? (instances.get(DEFAULT_LOCALE) as I18n);
}

/** A message's text in `locale`. */
export function serverText(locale: Locale, id: MessageId, values?: MessageValues): string {
  return serverI18n(locale)._(id, values);
}

type LocalValue = string | number | LocalText;

/**
 * A catalog text whose language is chosen later: an API error is thrown deep in a handler, before
 * anything knows the request's language; the error handler (server/http/app.ts) puts each one in the
 * request's language (server/http/locale.ts `apiLocale`). A value may be a LocalText itself (a field's
 * label inside "{field}: {message}").
 */
export class LocalText {
  constructor(
    readonly id: MessageId,
    readonly values?: Readonly<Record<string, LocalValue>>,
  ) {}

  in(locale: Locale): string {
    if (!this.values) return serverText(locale, this.id);
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(this.values)) values[name] = value instanceof LocalText ? value.in(locale) : value;
    return serverText(locale, this.id, values);
  }
}

export const localText = (id: MessageId, values?: Readonly<Record<string, LocalValue>>) => new LocalText(id, values);

/** An error list's entry in `locale`: a LocalText translated, a plain string (a developer-facing text) as it is. */
export const textIn = (locale: Locale, text: string | LocalText): string => (text instanceof LocalText ? text.in(locale) : text);
