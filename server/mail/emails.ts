/**
 * The portal's emails, in the language the caller gives: the language of the request that caused
 * the mail (server/http/locale.ts `emailLocale`), or, for mail no request of the borrower's causes, the
 * language saved on their account (`recipientLocale`). The rule: docs/server.md, "The language of
 * emails". The texts are the catalogs' `email.` namespace (src/platform/i18n/locales), which no
 * widget downloads. What goes out is queued by server/mail/mail.ts.
 */
import { DEFAULT_LOCALE, type Locale } from '../../src/platform/i18n/locales';
import Bowser from 'bowser';
import { helpHours, type HelpContact } from '../pages/html';
import { serverText } from '../http/i18n';

export interface EmailText {
  subject: string;
  /** Plain text, the links written out as absolute URLs. */
  body: string;
}

/** The language saved on a user's account (the last one they used: server/http/locale.ts `rememberLocale`), else English. */
export const recipientLocale = (user: { locale: Locale | null } | null | undefined): Locale => user?.locale ?? DEFAULT_LOCALE;

/** The link that verifies an address (registration, email change, go green). */
export function verificationEmail(locale: Locale, { url, hours }: { url: string; hours: number }): EmailText {
  return {
    subject: serverText(locale, 'email.verify.subject'),
    body: serverText(locale, 'email.verify.body', { link: url, hours: String(hours) }),
  };
}

/** The username reminder of recover_username. */
export function usernameEmail(locale: Locale, { username, signInUrl }: { username: string; signInUrl: string }): EmailText {
  return {
    subject: serverText(locale, 'email.username.subject'),
    body: serverText(locale, 'email.username.body', { username, link: signInUrl }),
  };
}

/** The password reset link. */
export function passwordResetEmail(locale: Locale, { url, minutes }: { url: string; minutes: number }): EmailText {
  return {
    subject: serverText(locale, 'email.reset.subject'),
    body: serverText(locale, 'email.reset.body', { link: url, minutes: String(minutes) }),
  };
}

export interface BrowserDescription {
  /** "Firefox 140" */
  name: string;
  /** "Linux" */
  system: string | null;
}

/** What a borrower is told of, in case it was not them (OWASP ASVS 2.2.3): a change to their account,
 * or sign-in paused by wrong passwords. */
export type AccountNotice =
  | { kind: 'passwordChanged' }
  /** a sign-in from a browser the user had not signed in from (null: it did not say which) */
  | { kind: 'newBrowser'; browser: BrowserDescription | null; resetUrl: string }
  /** `failures` wrong passwords in a row paused sign-in for the rest of a `minutes` window */
  | { kind: 'signInPaused'; failures: number; minutes: number; resetUrl: string }
  /** to the address the account had before: `address` is the new one, masked; `restoreUrl` puts the old one back for `days` days */
  | { kind: 'addressChanged'; address: string; restoreUrl: string; days: number }
  | { kind: 'paperlessOn'; goGreenUrl: string }
  | { kind: 'paperlessOff'; goGreenUrl: string }
  /** a passkey was added to the account, or removed from it (`name`: the borrower's name for it) */
  | { kind: 'passkeyAdded'; name: string; resetUrl: string }
  | { kind: 'passkeyRemoved'; name: string };

/** The notice, ending with the servicer's help line for a borrower who did not do what it tells. */
export function accountNoticeEmail(locale: Locale, notice: AccountNotice, help: HelpContact): EmailText {
  const helpLine = { phone: help.phone, hours: helpHours(locale, help), email: help.email };
  const notMe = serverText(locale, 'email.notMe', helpLine);
  switch (notice.kind) {
    case 'newBrowser':
      return {
        subject: serverText(locale, 'email.newBrowser.subject'),
        body: serverText(locale, 'email.newBrowser.body', {
          browser: !notice.browser
            ? serverText(locale, 'email.newBrowser.unnamed')
            : notice.browser.system
              ? serverText(locale, 'email.newBrowser.browserOn', { browser: notice.browser.name, system: notice.browser.system })
              : notice.browser.name,
          link: notice.resetUrl,
          ...helpLine,
        }),
      };
    case 'signInPaused':
      return {
        subject: serverText(locale, 'email.signInPaused.subject'),
        body: serverText(locale, 'email.signInPaused.body', {
          failures: String(notice.failures),
          minutes: String(notice.minutes),
          link: notice.resetUrl,
          ...helpLine,
        }),
      };
    case 'passwordChanged':
      return { subject: serverText(locale, 'email.passwordChanged.subject'), body: serverText(locale, 'email.passwordChanged.body', { notMe }) };
    case 'addressChanged':
      return {
        subject: serverText(locale, 'email.addressChanged.subject'),
        body: serverText(locale, 'email.addressChanged.body', { address: notice.address, link: notice.restoreUrl, days: String(notice.days), notMe }),
      };
    case 'paperlessOn':
      return {
        subject: serverText(locale, 'email.paperlessOn.subject'),
        body: serverText(locale, 'email.paperlessOn.body', { link: notice.goGreenUrl, notMe }),
      };
    case 'passkeyAdded':
      return {
        subject: serverText(locale, 'email.passkeyAdded.subject'),
        body: serverText(locale, 'email.passkeyAdded.body', { name: notice.name, link: notice.resetUrl, notMe }),
      };
    case 'passkeyRemoved':
      return {
        subject: serverText(locale, 'email.passkeyRemoved.subject'),
        body: serverText(locale, 'email.passkeyRemoved.body', { name: notice.name, notMe }),
      };
    case 'paperlessOff':
      return {
        subject: serverText(locale, 'email.paperlessOff.subject'),
        body: serverText(locale, 'email.paperlessOff.body', { link: notice.goGreenUrl, notMe }),
      };
  }
}

/** The names bowser gives the browsers and systems it knows. Its last resort names a browser by
 * whatever a User-Agent has before its first "/", which would put a stranger's words in our mail. */
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

/** "Firefox 140" and "Linux" from a User-Agent header, for the notice of a sign-in; null when it names
 * no browser bowser knows. Never a word of the header itself. */
export function describeBrowser(userAgent: string | undefined): BrowserDescription | null {
  if (!userAgent?.trim()) return null;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 500));
  if (!browser.name || !KNOWN_BROWSERS.has(browser.name)) return null;
  const major = /^\d{1,4}/.exec(browser.version ?? '')?.[0];
  return {
    name: major ? `${browser.name} ${major}` : browser.name,
    system: os.name && KNOWN_SYSTEMS.has(os.name) ? os.name : null,
  };
}
