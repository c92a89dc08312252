/**
 * The one place that knows which values are sensitive. Every sink — Redux DevTools, the error
 * reporter, the action recorder, logs — passes data through `redact` before it leaves memory.
 */
export const REDACTED = '[redacted]';

/** Keys whose values are never shown, kept or sent anywhere but to the API. Compared case-insensitively. */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set(
  [
    'password',
    'password2',
    'new_password',
    'ssn',
    'dob',
    'nonce',
    'reset_nonce',
    'recaptcha_response',
    'captcha_token',
    'captchaToken',
    'auth_token',
    'authorization',
    'token',
    'csrftoken',
    'x-csrftoken',
    'cookie',
    'sessionid',
  ].map((key) => key.toLowerCase()),
);

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEYS.has(key.toLowerCase());
}

/** Query-string parameters that carry secrets (e.g. ?nonce=...) are masked inside URLs too. */
export function redactUrl(url: string): string {
  return url.replace(/([?&])([^=&#]+)=([^&#]*)/g, (match, separator: string, key: string) =>
    isSensitiveKey(decodeOrKeep(key)) ? `${separator}${key}=${REDACTED}` : match,
  );
}

/** A malformed escape (`%zz`) is any sender's to make: it must not throw inside a logger. */
function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A deep copy of `value` with every sensitive key's value replaced by `[redacted]`.
 * Strings that look like URLs have their sensitive query parameters masked. Cycles are cut.
 */
export function redact<T>(value: T): T {
  return redactValue(value, new WeakSet()) as T;
}

/** `ancestors` holds the objects on the path from the root: only a real cycle is cut, an object
 * shared by two branches (common in Immer state) is copied in both. */
function redactValue(value: unknown, ancestors: WeakSet<object>): unknown {
  if (typeof value === 'string') return value.includes('=') ? redactUrl(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (ancestors.has(value)) return '[circular]';
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redactValue(item, ancestors));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = isSensitiveKey(key) && item !== undefined && item !== '' ? REDACTED : redactValue(item, ancestors);
    }
    return copy;
  } finally {
    ancestors.delete(value);
  }
}
