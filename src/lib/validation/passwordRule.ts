import { LIMITS, MESSAGES } from './messages';

type PasswordRuleReason = 'capital' | 'number' | 'specialChar' | 'minimumLength';

export interface PasswordRuleResult {
  valid: boolean;
  /** The reasons that failed, in a fixed order. A non-string fails every reason. */
  failed: PasswordRuleReason[];
}

const checks: ReadonlyArray<[PasswordRuleReason, (value: string) => boolean]> = [
  ['capital', (value) => /[A-Z]/.test(value)],
  ['number', (value) => /[0-9]/.test(value)],
  // "a special character (not a letter or digit)"
  ['specialChar', (value) => /[^A-Za-z0-9]/.test(value)],
  ['minimumLength', (value) => value.length >= LIMITS.passwordMinimum],
];

export function checkPasswordRule(value: unknown): PasswordRuleResult {
  if (typeof value !== 'string') {
    return { valid: false, failed: checks.map(([reason]) => reason) };
  }
  const failed = checks.filter(([, passes]) => !passes(value)).map(([reason]) => reason);
  return { valid: failed.length === 0, failed };
}

/** The rule as a form validator: the error is named `password`. */
export function passwordValidator(value: unknown): { password: string } | null {
  return checkPasswordRule(value).valid ? null : { password: MESSAGES.password };
}
