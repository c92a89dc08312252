/**
 * Server-side password policy beyond the spec's rule (src/lib/validation/passwordRule.ts): refuse
 * the passwords attackers try first. The list is zxcvbn's common-password list (about 49,000
 * entries, all lower case, from leaked password corpora), from `@zxcvbn-ts/language-common`.
 * Guessing tools also try the list with letters swapped for look-alikes (`P@55w0rd`) and the words
 * of the site under attack (`Homeloan1!`, `Loanmanager1!`), so both are undone before comparing
 * (issue 46 item 8). The package offers the list only (its 4.x has no substitution table: that
 * moved to `@zxcvbn-ts/core`, which would bring a whole estimator for seven pairs), so the table of
 * substitutions is here. Server only: the list is hundreds of KiB and must never enter the client
 * bundle; the forms check the spec's rule alone, and the server answers this check's refusal.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import type { MessageId } from '../../src/platform/i18n/messageId';
import { DEMO_PASSWORD } from '../db/seed';
import { SERVICER_NAME } from '../pages/html';

/** Catalog ids (src/platform/i18n/locales): "This password is too common. Please choose another." */
export const PASSWORD_POLICY_MESSAGES = {
  tooCommon: 'server.error.passwordTooCommon',
} as const satisfies Record<string, MessageId>;

/** Shortest decorated core still compared: below this, most short words would be refused. */
export const MINIMUM_CORE_LENGTH = 4;

let common: ReadonlySet<string> | null = null;

/** Decompressed on first use (tens of milliseconds), so startup and unrelated tests do not pay. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common;
}

/**
 * The forms of a password compared with the list, all lower case.
 *
 * The spec's rule (a capital, a digit, a special character, 8 characters) is mostly met by
 * decorating a word: `password` becomes `Password1!`. Lower-casing undoes the capital. For the
 * rest, the trailing run of non-letters (digits and special characters) is taken off one
 * character at a time, so `Password1!` is compared as `password1!`, `password1` and `password`,
 * and a list entry that itself ends in digits (`abc123`, `trustno1`) is found under `Abc123!!`.
 * The same is done once more with a leading run of non-letters removed (`1Password!`, `#Dragon99`).
 * A shortened form is compared only while it keeps at least MINIMUM_CORE_LENGTH characters: the
 * list holds many 4-letter words and names (`demo`, `dana`), so `Demo2024!` is refused (a name
 * and a year are what guessing tools try first), but 3-letter stems are not, nor is anything with
 * letters after the decoration: `Demo-pass1!` is compared as `demo-pass1!`, `demo-pass1` and
 * `demo-pass`, none of which is on the list.
 */
export function comparedForms(password: string): string[] {
  const lower = password.toLowerCase();
  const forms = new Set<string>([lower]);
  const withoutLead = lower.replace(/^[^\p{L}]+/u, '');
  for (const start of new Set([lower, withoutLead])) {
    const coreLength = start.replace(/[^\p{L}]+$/u, '').length;
    for (let end = start.length; end >= Math.max(coreLength, MINIMUM_CORE_LENGTH); end -= 1) {
      forms.add(start.slice(0, end));
    }
  }
  return [...forms];
}

/** Look-alikes read as the letter they stand for; `1` reads as either `l` or `i`. */
const SUBSTITUTES: Readonly<Record<string, string>> = { '@': 'a', $: 's', '0': 'o', '3': 'e', '5': 's', '7': 't' };
const SUBSTITUTE = /[@$0357]/g;

/**
 * `form` with every look-alike read as its letter (`p@55w0rd` → `password`): one reading with `1` as
 * `l` and one with `1` as `i` (`l1nk` → `link`, `1ce` → `ice`); only `form` when it has none.
 */
export function foldedForms(form: string): string[] {
  const folded = form.replace(SUBSTITUTE, (character) => SUBSTITUTES[character]!);
  const readings = folded.includes('1') ? [folded.replaceAll('1', 'l'), folded.replaceAll('1', 'i')] : [folded];
  return [...new Set([form, ...readings])];
}

/** The portal's own words, which its borrowers reach for: the servicer's name, the business. */
const PORTAL_WORDS = [...SERVICER_NAME.toLowerCase().split(/[^\p{L}]+/u), 'loan', 'mortgage', 'home', 'manager'].filter(
  (word) => word.length >= MINIMUM_CORE_LENGTH,
);

/** The demo password published in the README and the seed, in every form compared. */
let portalPasswords: ReadonlySet<string> | null = null;
const publishedPasswords = () => (portalPasswords ??= new Set(comparedForms(DEMO_PASSWORD)));

/** The words of one borrower's own that a password must not be made of: the username and its runs of letters. */
function ownWords(username: string | null | undefined): string[] {
  if (!username) return [];
  const lower = username.toLowerCase();
  return [lower, ...lower.split(/[^\p{L}]+/u)].filter((word) => word.length >= MINIMUM_CORE_LENGTH);
}

const lettersIn = (text: string) => text.replace(/[^\p{L}]+/gu, '').length;

/** What the password is about, once `words` are taken out; null when none of them is in it. */
function withoutWords(form: string, words: readonly string[]): string | null {
  let rest = form;
  for (const word of words) rest = rest.replaceAll(word, '');
  return rest === form ? null : rest;
}

/** Who the password is for, when known: a username (registration, or the reset link's account). */
interface PasswordOwner {
  username?: string | null;
}

/**
 * The message (its catalog id) when the password is a common one, however decorated or disguised,
 * else null. Each compared form, read as is and with its look-alikes folded, is refused when it is
 * on the list or is the published demo password; or when the portal's words or the username are in
 * it and what remains has fewer than MINIMUM_CORE_LENGTH letters of its own (`Homeloan1!`,
 * `dana.demo2024`) or is itself on the list (`Mortgagepassword1`).
 */
export function checkPasswordPolicy(password: string, owner: PasswordOwner = {}): MessageId | null {
  const list = commonPasswords();
  const published = publishedPasswords();
  const words = [...ownWords(owner.username), ...PORTAL_WORDS].sort((a, b) => b.length - a.length);
  for (const form of comparedForms(password)) {
    for (const reading of foldedForms(form)) {
      if (list.has(reading) || published.has(reading)) return PASSWORD_POLICY_MESSAGES.tooCommon;
      const rest = withoutWords(reading, words);
      // the forms already come shortened from the end; what the words leave may start with decoration
      if (rest !== null && (lettersIn(rest) < MINIMUM_CORE_LENGTH || list.has(rest) || list.has(rest.replace(/^[^\p{L}]+/u, '')))) {
        return PASSWORD_POLICY_MESSAGES.tooCommon;
      }
    }
  }
  return null;
}
