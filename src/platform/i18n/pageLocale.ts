/**
 * The language of this page's widgets, chosen once by the loader from the config block's
 * `locale` (the embedding contract). Dependency-free: it ships in the loader, whose catalog
 * imports (src/widgets/widgetMessages.ts) read it.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

let chosen: Locale = DEFAULT_LOCALE;

export const pageLocale = (): Locale => chosen;

/** Reads `locale` from the raw config: anything but a known language is English (config.ts reports it). */
export function choosePageLocale(raw: unknown): Locale {
  const asked = raw && typeof raw === 'object' && 'locale' in raw ? raw.locale : undefined;
  chosen = isLocale(asked) ? asked : DEFAULT_LOCALE;
  return chosen;
}
