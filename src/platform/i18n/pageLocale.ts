/**
 * The language of this page's widgets, chosen once by the loader from the config block's
 * `locale` (the embedding contract). Dependency-free: it ships in the loader, whose catalog
 * imports (src/widgets/registry.ts) read it.
 */
import { DEFAULT_LOCALE, isLocale, PSEUDO_LOCALE, type Locale } from './locales';

let chosen: Locale = DEFAULT_LOCALE;
let pseudo = false;

/** The language whose catalog the page's widgets download. */
export const pageLocale = (): Locale => chosen;

/** The page shows the pseudo-locale: the English catalog, transformed as it arrives (withPageFeature.ts). */
export const isPseudoPage = (): boolean => pseudo;

/** Reads `locale` from the raw config: anything but a known language is English (config.ts reports it). */
export function choosePageLocale(raw: unknown): Locale {
  const asked = raw && typeof raw === 'object' && 'locale' in raw ? raw.locale : undefined;
  pseudo = asked === PSEUDO_LOCALE;
  chosen = isLocale(asked) ? asked : DEFAULT_LOCALE;
  return chosen;
}
