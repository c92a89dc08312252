/**
 * The language of this page's widgets, chosen once by the loader from the config block's
 * `locale` (the embedding contract). Dependency-free: it ships in the loader, whose catalog
 * imports (src/widgets/registry.ts) read it.
 */
import { DEFAULT_LOCALE, localeOfConfig, type Locale } from './locales';

let chosen: Locale = DEFAULT_LOCALE;
let pseudo = false;

/** The language whose catalog the page's widgets download. */
export const pageLocale = (): Locale => chosen;

/** The page shows the pseudo-locale: the English catalog, transformed as it arrives (withPageFeature.ts). */
export const isPseudoPage = (): boolean => pseudo;

/** Keeps the page's choice (locales.ts `localeOfConfig`, as parseConfig's `locale`) for the catalogs, which download before the config is validated. */
export function choosePageLocale(raw: unknown): Locale {
  ({ locale: chosen, pseudo } = localeOfConfig(raw));
  return chosen;
}
