import { isSensitiveKey, redact, redactUrl, REDACTED, SENSITIVE_KEYS } from './redaction';

describe('redact', () => {
  it('hides every sensitive key, deeply, and leaves the rest', () => {
    const input = {
      username: 'ada',
      password: 'Secret#123',
      form: { values: { ssn: '123456789', dob: '1980-12-10', loanno: '0123456789', password2: 'Secret#123' } },
      config: { reset_nonce: 'n', auth_token: 't', coacct: '42' },
      request: { recaptcha_response: 'captcha', nonce: 'n2' },
    };
    expect(redact(input)).toEqual({
      username: 'ada',
      password: REDACTED,
      form: { values: { ssn: REDACTED, dob: REDACTED, loanno: '0123456789', password2: REDACTED } },
      config: { reset_nonce: REDACTED, auth_token: REDACTED, coacct: '42' },
      request: { recaptcha_response: REDACTED, nonce: REDACTED },
    });
  });

  it('does not change its input', () => {
    const input = { password: 'Secret#123', nested: { ssn: '123456789' } };
    redact(input);
    expect(input).toEqual({ password: 'Secret#123', nested: { ssn: '123456789' } });
  });

  it('goes into arrays', () => {
    expect(redact([{ ssn: '1' }, [{ password: 'p' }], 'plain'])).toEqual([
      { ssn: REDACTED },
      [{ password: REDACTED }],
      'plain',
    ]);
  });

  it('redacts an object even when the sensitive key holds an object', () => {
    expect(redact({ token: { value: 'x' } })).toEqual({ token: REDACTED });
  });

  it('compares keys case-insensitively', () => {
    expect(redact({ Password: 'a', SSN: 'b', Authorization: 'Token t', 'X-CSRFToken': 'c', DOB: 'd' })).toEqual({
      Password: REDACTED,
      SSN: REDACTED,
      Authorization: REDACTED,
      'X-CSRFToken': REDACTED,
      DOB: REDACTED,
    });
  });

  it('masks sensitive query parameters in URL strings', () => {
    expect(
      redact({ url: 'https://portal.test/loanmanager/verify_email/?nonce=abc123&lang=en', plain: 'a=b is fine' }),
    ).toEqual({ url: `https://portal.test/loanmanager/verify_email/?nonce=${REDACTED}&lang=en`, plain: 'a=b is fine' });
  });

  it('cuts cycles instead of recursing forever', () => {
    const node: Record<string, unknown> = { password: 'p', name: 'n' };
    node.self = node;
    node.list = [node];
    const result = redact(node) as Record<string, unknown>;
    expect(result.password).toBe(REDACTED);
    expect(result.name).toBe('n');
    expect(result.self).toBe('[circular]');
    expect(result.list).toEqual(['[circular]']);
  });

  it('copies an object shared by two branches in both (only a real cycle is cut)', () => {
    const shared = { ssn: '123456789', loanno: '0123456789' };
    expect(redact({ first: shared, second: shared, list: [shared, shared] })).toEqual({
      first: { ssn: REDACTED, loanno: '0123456789' },
      second: { ssn: REDACTED, loanno: '0123456789' },
      list: [
        { ssn: REDACTED, loanno: '0123456789' },
        { ssn: REDACTED, loanno: '0123456789' },
      ],
    });
  });

  it('redacts the fieldChanged payload of a form by its key', () => {
    const action = { type: 'registration/fieldChanged', payload: { ssn: '123-45-6789' } };
    expect(redact(action)).toEqual({ type: 'registration/fieldChanged', payload: { ssn: REDACTED } });
    expect(redact({ type: 'registration/fieldChanged', payload: { firstname: 'Ada' } }).payload).toEqual({
      firstname: 'Ada',
    });
  });

  it('keeps empty and absent values visible (nothing to hide)', () => {
    expect(redact({ password: '', ssn: undefined })).toEqual({ password: '', ssn: undefined });
  });

  it('passes primitives through', () => {
    expect(redact(42)).toBe(42);
    expect(redact(null)).toBeNull();
    expect(redact('hello')).toBe('hello');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/loanmanager/verify_email/?nonce=abc', `/loanmanager/verify_email/?nonce=${REDACTED}`],
    ['/x?a=1&reset_nonce=n&b=2#frag', `/x?a=1&reset_nonce=${REDACTED}&b=2#frag`],
    ['/x?NONCE=abc', `/x?NONCE=${REDACTED}`],
    ['/x?email_address=a%40b.test', '/x?email_address=a%40b.test'],
    ['/x?auth%5Ftoken=t', `/x?auth%5Ftoken=${REDACTED}`],
    // a malformed escape neither throws (the server's logger calls this on every request) nor stops the rest
    ['/x?%zz=1&nonce=abc', `/x?%zz=1&nonce=${REDACTED}`],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('isSensitiveKey', () => {
  it.each(['password', 'password2', 'ssn', 'dob', 'nonce', 'reset_nonce', 'recaptcha_response', 'auth_token'])(
    '%s is sensitive',
    (key) => {
      expect(isSensitiveKey(key)).toBe(true);
      expect(isSensitiveKey(key.toUpperCase())).toBe(true);
    },
  );

  it.each(['username', 'email_address', 'loanno', 'coacct'])('%s is not', (key) => {
    expect(isSensitiveKey(key)).toBe(false);
  });
});

describe('redactUrl reads an address once', () => {
  /** The expression it replaces, which took quadratic time on `?` after `?` (issue 38). */
  const byExpression = (url: string) =>
    url.replace(/([?&])([^=&#]+)=([^&#]*)/g, (match, separator: string, key: string) =>
      SENSITIVE_KEYS.has(key.toLowerCase()) ? `${separator}${key}=${REDACTED}` : match,
    );

  it('masks exactly what the expression masked, on addresses made of the characters that matter', () => {
    const alphabet = ['?', '&', '=', '#', 'a', 'nonce', 'Token', '/', 'x'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i += 1) {
      const url = Array.from({ length: Math.floor(random() * 16) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(redactUrl(url)).toBe(byExpression(url));
    }
  });

  it('masks percent-encoded sensitive keys and leaves malformed escapes alone', () => {
    expect(redactUrl('/x?%6Eonce=abc&%zz=1')).toBe(`/x?%6Eonce=${REDACTED}&%zz=1`);
    // the key of `??nonce=` is `?nonce`, as a query parser reads it (no server reads a nonce there)
    expect(redactUrl('/x??nonce=1#&token=2')).toBe(`/x??nonce=1#&token=${REDACTED}`);
  });
});
