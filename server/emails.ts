/**
 * The portal's emails, in the recipient's language: the language saved on their account (chosen
 * at registration or with the language switch, server/locale.ts), English when none is saved. The
 * texts are the catalogs' `email.` namespace (src/platform/i18n/locales), which no widget downloads.
 * What goes out is queued by server/mail.ts.
 */
import { DEFAULT_LOCALE, type Locale } from '../src/platform/i18n/locales';
import Bowser from 'bowser';
import type { HelpContact } from './html';
import { serverText } from './i18n';

export interface EmailText {
  subject: string;
  /** Plain text, the links written out as absolute URLs. */
  body: string;
}

/** The language of mail to a user: theirs when saved, else English. */
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
  /** to the address the account had before: `address` is the new one, masked */
  | { kind: 'addressChanged'; address: string }
  | { kind: 'paperlessOn'; goGreenUrl: string }
  | { kind: 'paperlessOff'; goGreenUrl: string };

/** The notice, ending with the servicer's help line for a borrower who did not do what it tells. */
export function accountNoticeEmail(locale: Locale, change: AccountNotice, help: HelpContact): EmailText {
  const helpLine = { phone: help.phone, hours: help.hours ?? serverText(locale, 'server.footer.defaultHours'), email: help.email };
  const notMe = serverText(locale, 'email.notMe', helpLine);
  switch (change.kind) {
    case 'newBrowser':
      return {
        subject: serverText(locale, 'email.newBrowser.subject'),
        body: serverText(locale, 'email.newBrowser.body', {
          browser: !change.browser
            ? serverText(locale, 'email.newBrowser.unnamed')
            : change.browser.system
              ? serverText(locale, 'email.newBrowser.browserOn', { browser: change.browser.name, system: change.browser.system })
              : change.browser.name,
          link: change.resetUrl,
          ...helpLine,
        }),
      };
    case 'signInPaused':
      return {
        subject: serverText(locale, 'email.signInPaused.subject'),
        body: serverText(locale, 'email.signInPaused.body', {
          failures: String(change.failures),
          minutes: String(change.minutes),
          link: change.resetUrl,
          ...helpLine,
        }),
      };
    case 'passwordChanged':
      return { subject: serverText(locale, 'email.passwordChanged.subject'), body: serverText(locale, 'email.passwordChanged.body', { notMe }) };
    case 'addressChanged':
      return {
        subject: serverText(locale, 'email.addressChanged.subject'),
        body: serverText(locale, 'email.addressChanged.body', { address: change.address, notMe }),
      };
    case 'paperlessOn':
      return {
        subject: serverText(locale, 'email.paperlessOn.subject'),
        body: serverText(locale, 'email.paperlessOn.body', { link: change.goGreenUrl, notMe }),
      };
    case 'paperlessOff':
      return {
        subject: serverText(locale, 'email.paperlessOff.subject'),
        body: serverText(locale, 'email.paperlessOff.body', { link: change.goGreenUrl, notMe }),
      };
  }
}

/** "Firefox 140" and "Linux" from a User-Agent header, for the notice of a sign-in; null when it names no browser. */
export function describeBrowser(userAgent: string | undefined): BrowserDescription | null {
  if (!userAgent?.trim()) return null;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 500));
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  return name ? { name, system: os.name || null } : null;
}
