/**
 * Server-side password policy beyond the spec's rule (src/lib/validation/passwordRule.ts): refuse
 * the passwords attackers try first. The list is zxcvbn's common-password list (about 49,000
 * entries, all lower case, from leaked password corpora), from `@zxcvbn-ts/language-common`.
 * Server only: the list is hundreds of KiB and must never enter the client bundle.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import type { MessageId } from '../src/platform/i18n/messageId';

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

/** The message (its catalog id) when the password is a common one (however decorated), else null. */
export function checkPasswordPolicy(password: string): MessageId | null {
  const list = commonPasswords();
  return comparedForms(password).some((form) => list.has(form)) ? PASSWORD_POLICY_MESSAGES.tooCommon : null;
}
