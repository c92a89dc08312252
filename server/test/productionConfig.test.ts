/**
 * Production refuses weak configuration (issue 38 items 7 and 9): a server secret that is short, of
 * low entropy or a placeholder; a PUBLIC_URL that is not a bare https origin with an optional path;
 * an SMTP_URL that is not smtp: or smtps:. One line naming the variable, exit 1.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, optionsFromEnv, weakSecretReason } from '../config';
import { parseSecret } from '../auth/secrets';
import { REPO_ROOT } from './harness';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SERVER_SECRET: randomBytes(32).toString('base64'),
  RECAPTCHA_METHOD: 'recaptcha_v3',
  RECAPTCHA_SITE_KEY: 'site-key',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  PUBLIC_URL: 'https://portal.example.com',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};

const refusal = (env: Record<string, string>): string => {
  try {
    optionsFromEnv({ ...PRODUCTION_ENV, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return 'accepted';
};

describe('SERVER_SECRET in production', () => {
  it.each([
    ['64 hex zeros', '0'.repeat(64)],
    ['a repeated word (base64 letters)', 'password'.repeat(6)],
    ['a repeated short word', 'abcd'.repeat(12)],
    ['a counting pattern in hex', '0123456789abcdef'.repeat(4)],
    ['a repeated block of random bytes', (() => { const block = randomBytes(8); return Buffer.concat([block, block, block, block]).toString('base64'); })()],
    ['one random block twice', (() => { const half = randomBytes(16).toString('hex'); return `${half}${half}`; })()],
    ['the word changeme', `changeme${randomBytes(32).toString('base64url')}`],
    ['an example value', `example${randomBytes(32).toString('base64url')}`],
    ['a phrase repeated', 'MyLoanPortalKey2026'.repeat(3)],
  ])('refuses %s, naming the variable in one line', (_name, value) => {
    const message = refusal({ SERVER_SECRET: value });
    expect(message).toMatch(/^SERVER_SECRET /);
    expect(message).not.toContain('\n');
    // the value itself is never quoted
    expect(message).not.toContain(value);
  });

  it('accepts 32 random bytes in each encoding openssl and Node give (1,000 of each, none refused)', () => {
    for (let i = 0; i < 1000; i += 1) {
      const bytes = randomBytes(32);
      for (const text of [bytes.toString('base64'), bytes.toString('hex'), bytes.toString('base64url')]) {
        expect(weakSecretReason(text, parseSecret(text)!)).toBeNull();
      }
    }
    expect(weakSecretReason('x', randomBytes(64))).toBeNull();
    expect(weakSecretReason('x', randomBytes(1024))).toBeNull();
  });

  it('still refuses a short one', () => {
    expect(refusal({ SERVER_SECRET: randomBytes(16).toString('base64') })).toMatch(/^SERVER_SECRET must be at least 32/);
  });

  it('development keeps whatever it is given (the checks are for production)', () => {
    expect(() => optionsFromEnv({ SERVER_SECRET: '0'.repeat(64) })).not.toThrow();
  });
});

describe('PUBLIC_URL in production', () => {
  it.each([
    ['http', 'http://portal.example.com'],
    ['userinfo', 'https://user:pass@portal.example.com'],
    ['a user name alone', 'https://user@portal.example.com'],
    ['a query', 'https://portal.example.com/?a=1'],
    ['an empty query', 'https://portal.example.com/?'],
    ['a fragment', 'https://portal.example.com/#x'],
    ['an empty fragment', 'https://portal.example.com#'],
    ['another scheme', 'ftp://portal.example.com'],
    ['no address', 'portal.example.com'],
  ])('refuses %s', (_name, value) => {
    expect(refusal({ PUBLIC_URL: value })).toMatch(/^PUBLIC_URL /);
  });

  it.each(['https://portal.example.com', 'https://portal.example.com/', 'https://portal.example.com:8443/servicing/borrowers'])(
    'accepts %s',
    (value) => {
      expect(refusal({ PUBLIC_URL: value })).toBe('accepted');
    },
  );
});

describe('SMTP_URL in production', () => {
  it.each(['garbage', 'http://mail.example.com', 'file:///tmp/mail', 'sendmail'])('refuses %s without quoting it', (value) => {
    const message = refusal({ SMTP_URL: value });
    expect(message).toBe('SMTP_URL must be an smtp:// or smtps:// address');
  });

  it.each(['smtp://127.0.0.1:2525', 'smtps://user:pass@mail.example.com:465'])('accepts %s', (value) => {
    expect(refusal({ SMTP_URL: value })).toBe('accepted');
  });
});

it('the real process says why in one line on stderr and exits 1', () => {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...PRODUCTION_ENV, SERVER_SECRET: '0'.repeat(64), PORT: '0' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/^Could not start the server: SERVER_SECRET repeats a block of 8 characters: use 32 random bytes/),
  ]);
});
