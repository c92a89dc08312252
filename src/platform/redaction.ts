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
    // a passkey ceremony's challenge and the browser's signed answer to it (issue 49)
    'challenge',
    'credential',
  ].map((key) => key.toLowerCase()),
);

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEYS.has(key.toLowerCase());
}

const QUESTION = 63; // ?
const AMPERSAND = 38; // &
const EQUALS = 61; // =
const HASH = 35; // #

/**
 * Query-string parameters that carry secrets (e.g. ?nonce=...) are masked inside URLs too: every
 * `key=value` that follows a `?` or `&` (the key up to `=`, `&` or `#`; the value up to `&` or `#`),
 * as `/([?&])([^=&#]+)=([^&#]*)/g` would find them.
 *
 * A scan, not that expression, because request addresses are anyone's to write: the expression
 * tries each `?` afresh and reads the rest of the address from it, so 16,000 `?` cost 16,000²/2
 * steps (0.45 s of the event loop, issue 38). Here a key that ends without `=` is skipped whole:
 * every `?` inside it would end at the same place and fail the same way. Each character is read
 * once or twice, whatever the input.
 */
export function redactUrl(url: string): string {
  const length = url.length;
  let result = '';
  let copiedUpTo = 0;
  let start = 0;
  while (start < length) {
    const separator = url.charCodeAt(start);
    if (separator !== QUESTION && separator !== AMPERSAND) {
      start += 1;
      continue;
    }
    let keyEnd = start + 1;
    while (keyEnd < length) {
      const code = url.charCodeAt(keyEnd);
      if (code === EQUALS || code === AMPERSAND || code === HASH) break;
      keyEnd += 1;
    }
    if (keyEnd === start + 1 || url.charCodeAt(keyEnd) !== EQUALS) {
      // no key, or a key without `=`: nothing starts a parameter before keyEnd
      start = keyEnd === start + 1 ? start + 1 : keyEnd;
      continue;
    }
    let valueEnd = keyEnd + 1;
    while (valueEnd < length) {
      const code = url.charCodeAt(valueEnd);
      if (code === AMPERSAND || code === HASH) break;
      valueEnd += 1;
    }
    if (isSensitiveKey(decodeOrKeep(url.slice(start + 1, keyEnd)))) {
      result += `${url.slice(copiedUpTo, keyEnd + 1)}${REDACTED}`;
      copiedUpTo = valueEnd;
    }
    start = valueEnd;
  }
  return copiedUpTo === 0 ? url : result + url.slice(copiedUpTo);
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
