/**
 * The portal's languages. A third one is its catalog file (locales/<code>.json, every key of
 * en.json) and its code here; the key check (messages.test.ts) holds the two to each other.
 * Small and dependency-free: the loader reads it before anything else downloads.
 */
export const LOCALES = ['en', 'es'] as const;

export type Locale = (typeof LOCALES)[number];

/** The spec's language, and the one any unknown or missing choice falls back to. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the language switch. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The borrower's choice, kept across visits (set by the language switch, read by the server). */
export const LOCALE_COOKIE = 'lm_locale';

/**
 * QA's pseudo-locale: the English catalog with every letter accented and every text 35 % longer
 * (pseudo.ts), to find text that is cut or overlaps before a real translation does. Accepted in
 * the config block's `locale` (and the server's language cookie); never offered to borrowers.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** What a config block's `locale` asks for, decided here only (the loader, parseConfig, the server render). */
export interface LocaleChoice {
  /** The language shown: the asked one if the portal speaks it, else English. */
  locale: Locale;
  /** The asked value is a language the portal speaks (not missing, not the pseudo-locale). */
  spoken: boolean;
  /** QA's pseudo-locale was asked for. */
  pseudo: boolean;
  /** A value the portal does not speak (shown in English), for one error report; at most 20 characters. */
  unknown: string | null;
}

/** Reads `locale` from a raw (unvalidated) config block: anything but a known language is English. */
export function localeOfConfig(raw: unknown): LocaleChoice {
  const asked = raw && typeof raw === 'object' && 'locale' in raw ? raw.locale : undefined;
  const pseudo = asked === PSEUDO_LOCALE;
  const known = isLocale(asked);
  return {
    locale: known ? asked : DEFAULT_LOCALE,
    spoken: known,
    pseudo,
    unknown: known || pseudo || asked === undefined || asked === null ? null : String(asked).slice(0, 20),
  };
}

/**
 * Marks the hidden field of the language switch (a form the server writes in every page's header)
 * that names the page to come back to: the portal sets it to the page it shows after a move made
 * without a page load (src/pages/PortalPage.tsx), so the switch returns there, not to the first page.
 */
export const LOCALE_RETURN_ATTRIBUTE = 'data-loanmanager-return-path';
