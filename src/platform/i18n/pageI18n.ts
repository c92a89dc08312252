/**
 * The page's one Lingui instance, in its chosen language (pageLocale.ts), shared by its widgets
 * like the page store. Each widget's loader adds its part of the catalog before the widget
 * renders (src/widgets/withPageFeature.ts). A server render makes an instance of its own per
 * request instead (server/http/i18n.ts).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { pageLocale } from './pageLocale';

let page: I18n | null = null;

export function pageI18n(): I18n {
  if (!page) {
    const locale = pageLocale();
    page = setupI18n({ locale, messages: { [locale]: {} } });
  }
  return page;
}

export function addPageMessages(messages: Messages) {
  const i18n = pageI18n();
  i18n.load(i18n.locale, messages);
}
