import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCaptchaVerifier } from '../auth/captcha';
import { optionsFromEnv } from '../config';
import { openSqliteRepositories } from '../db/open';
import { htmlText, jsonForScript, renderPageParts, trustedHtml, type PageOptions } from '../pages/html';
import { Writable } from 'node:stream';
import { createLogger, redactRequestUrl } from '../http/logger';
import net from 'node:net';
import { normalisedPath } from '../auth/sessions';
import { BatchingSocket } from '../db/connections';
import { asColumns, columnsReader, recordOf } from '../db/rows';
import { maskEmail } from '../mail/mail';
import { isTaxSeason, popupsFor } from '../services/popups';
import { hashPassword, verifyPassword } from '../auth/security';
import { staleReason } from '../../scripts/freshness';
import { serverKeys } from '../auth/secrets';
import { randomBytes } from 'node:crypto';

/** A production secret as `openssl rand -hex 32` makes one. */
const RANDOM_HEX_SECRET = randomBytes(32).toString('hex');

const STORE_OPTIONS = { identity: serverKeys(randomBytes(32)).identity, lockout: { failures: 5, windowMs: 60_000 } };

describe('htmlText', () => {
  it('escapes the text and its values, places the elements, the same on every call with other values (issue 50: kept escaped)', () => {
    for (let call = 0; call < 2; call += 1) {
      const amount = `<b>${call}</b>`;
      expect(htmlText('en', 'server.loans.payment', { amount, date: '08/01/2026' })).toBe(`Monthly payment &lt;b&gt;${call}&lt;/b&gt;, next due 08/01/2026.`);
      expect(htmlText('es', 'server.header.signOut')).toBe('Cerrar sesión');
      expect(htmlText('en', 'server.overview.notYours', {}, { 0: [`<a href="/loanmanager/main/?n=${call}">`, '</a>'] })).toBe(
        `That loan is not on your account. <a href="/loanmanager/main/?n=${call}">Back to your loans</a>.`,
      );
      // without its elements, the text's own tags stay text
      expect(htmlText('en', 'server.overview.notYours')).toBe('That loan is not on your account. &lt;0&gt;Back to your loans&lt;/0&gt;.');
      expect(htmlText('en', 'server.footer.helpLine', { phone: trustedHtml('<a href="tel:1">1</a>'), hours: 'a & b', email: '"e"' })).toBe(
        'Questions about your loan? Call <a href="tel:1">1</a>, a &amp; b, or email &quot;e&quot;.',
      );
    }
  });
});

describe('a page’s head', () => {
  it('is drawn again from whatever it is drawn from: each change of it shows, and the same source gives the same head (issue 50: heads kept)', () => {
    const config = { recaptcha: { method: 'none', site_key: null }, coacct: null, reset_nonce: null, devtools: false, record_actions: false, qa_tools: false, passkeys: true, locale: 'en' as const };
    const base: PageOptions = {
      locale: 'en',
      title: 'Go Green',
      widget: 'portal',
      config,
      preload: ['/loanmanager/static/a.js'],
      serverRendered: { html: '<p>x</p>', headStyles: '<style>.a{}</style>', stylesheets: ['/loanmanager/static/a.css'] },
    };
    const head = (options: PageOptions) => renderPageParts(options).head;
    const first = head(base);
    expect(first).toContain('<title>Go Green | Loan Manager</title>');
    expect(first).toContain('<style>.a{}</style>');
    expect(first).toContain('href="/loanmanager/static/a.css"');
    expect(first).toContain('href="/loanmanager/static/a.js"');
    expect(first).toContain('<noscript>');
    expect(head({ ...base })).toBe(first);
    const rendered = base.serverRendered!;
    const changes: Array<[PageOptions, string, string]> = [
      [{ ...base, title: 'Profile' }, '<title>Profile | Loan Manager</title>', '<title>Go Green'],
      [{ ...base, locale: 'es' }, '<html lang="es">', '<html lang="en">'],
      [{ ...base, preload: ['/loanmanager/static/b.js'] }, 'static/b.js', 'static/a.js'],
      [{ ...base, serverRendered: { ...rendered, stylesheets: ['/loanmanager/static/b.css'] } }, 'static/b.css', 'static/a.css'],
      [{ ...base, serverRendered: { ...rendered, headStyles: '<style>.b{}</style>' } }, '<style>.b{}</style>', '<style>.a{}</style>'],
      [{ ...base, widget: 'popups' }, '<script>', '<noscript>'],
      [{ ...base, widget: 'popups', config: undefined, preload: [] }, '<title>', 'loanmanager-widgets.js'],
    ];
    for (const [options, shown, gone] of changes) {
      expect(head(options)).toContain(shown);
      expect(head(options)).not.toContain(gone);
    }
    expect(head(base)).toBe(first);
  });
});

describe('maskEmail', () => {
  it.each([
    ['dana.demo@example.com', 'd***@example.com'],
    ['a@example.org', 'a***@example.org'],
    ['odd@sub@example.net', 'o***@example.net'],
    ['broken', '***'],
  ])('%s -> %s', (address, masked) => expect(maskEmail(address)).toBe(masked));
});

describe('redactRequestUrl', () => {
  it('masks nonces in paths and queries, and email addresses in queries', () => {
    expect(redactRequestUrl('/loanmanager/reset_password/abcDEF123/')).toBe('/loanmanager/reset_password/[redacted]/');
    expect(redactRequestUrl('/loanmanager/verify_email/?nonce=abc&x=1')).toBe('/loanmanager/verify_email/?nonce=[redacted]&x=1');
    expect(redactRequestUrl('/loanmanager/api/user/is_validated/?email_address=a%40b.c')).toBe(
      '/loanmanager/api/user/is_validated/?email_address=[redacted]',
    );
  });
});

describe('createLogger', () => {
  function capture() {
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    });
    return { log: createLogger({ level: 'info', stream, instance: 'unit' }), text: () => text };
  }

  it('censors every sensitive key at any depth and in any case, and keeps the rest', () => {
    const { log, text } = capture();
    const secret = (name: string) => `secret-${name}-value`;
    log.info(
      {
        password: secret('top'),
        user: { id: 7, Password: secret('case') },
        a: { b: { c: { d: { ssn: secret('deep') } } } },
        list: [{ token: secret('in-array') }],
        headers: { cookie: secret('cookie'), authorization: secret('authorization'), 'x-csrftoken': secret('csrf') },
        form: { captchaToken: secret('camel'), dob: secret('dob'), new_password: secret('new') },
        link: `/loanmanager/verify_email/?nonce=${secret('query')}&step=2`,
      },
      'with secrets',
    );
    const error = Object.assign(new Error('sign-in failed'), { password: secret('on-error') });
    log.error({ err: error }, 'failed');
    log.child({ token: secret('binding'), module: 'mail' }).info('bound');
    log.info('interpolated %o and %s', { nonce: secret('interpolated') }, `?sessionid=${secret('string')}`);
    log.info({ req: { method: 'GET', url: `/loanmanager/reset_password/${secret('path')}/`, ip: '10.0.0.1', host: 'portal', headers: { cookie: secret('req-header') } } }, 'incoming request');

    const logged = text();
    expect(logged.match(/secret-[a-z-]+-value/g)).toBeNull();
    // what is not sensitive is still there, so the lines were written in full
    for (const kept of ['"id":7', 'sign-in failed', '"module":"mail"', 'step=2', '"remoteAddress":"10.0.0.1"', '"instance":"unit"', '/loanmanager/reset_password/[redacted]/']) {
      expect(logged).toContain(kept);
    }
    expect(logged.split('\n').filter(Boolean)).toHaveLength(5);
  });

  it('does not change the objects it is given', () => {
    const { log } = capture();
    const fields = { password: 'kept-by-the-caller', nested: { token: 'also-kept' } };
    log.info(fields, 'line');
    expect(fields).toEqual({ password: 'kept-by-the-caller', nested: { token: 'also-kept' } });
  });
});

describe('BatchingSocket (PostgreSQL connections)', () => {
  it('sends what is written within one tick in one go, and everything arrives in order', async () => {
    const received: Buffer[] = [];
    const server = net.createServer((socket) => socket.on('data', (data) => received.push(data)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = new BatchingSocket();
    await new Promise<void>((resolve) => socket.connect((server.address() as net.AddressInfo).port, '127.0.0.1', resolve));
    const sends: number[] = [];
    const writev = socket._writev!.bind(socket);
    const write = socket._write.bind(socket);
    socket._writev = (chunks, callback) => (sends.push(chunks.length), writev(chunks, callback));
    socket._write = (chunk, encoding, callback) => (sends.push(1), write(chunk, encoding, callback));
    for (const message of ['parse;', 'bind;', 'describe;', 'execute;', 'sync;']) socket.write(message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('next;');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sends).toEqual([5, 1]);
    expect(Buffer.concat(received).toString()).toBe('parse;bind;describe;execute;sync;next;');
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('jsonForScript', () => {
  it('keeps the JSON equal while removing every character that could end the script', () => {
    const value = { text: '</script><!-- & \u2028' };
    const encoded = jsonForScript(value);
    expect(encoded).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(encoded)).toEqual(value);
  });
});

describe('passwords', () => {
  it('hash with a fresh salt and verify only the right password', async () => {
    const first = await hashPassword('Demo-pass1!', 2 ** 12);
    const second = await hashPassword('Demo-pass1!', 2 ** 12);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('Demo-pass1!', first)).toBe(true);
    expect(await verifyPassword('Demo-pass1?', first)).toBe(false);
    expect(await verifyPassword('Demo-pass1!', 'md5$abc')).toBe(false);
  });
});

describe('popups', () => {
  const borrower = {
    id: 1,
    firstname: 'A',
    lastname: 'B',
    dob: '1980-01-01',
    emailAddress: 'a@example.com',
    emailValidated: true,
    electdocs: true,
    autopay: true,
  };
  it('offers nothing to a paperless, auto-paying, verified borrower out of season', () => {
    expect(popupsFor(borrower, new Date('2026-06-01T00:00:00Z'), null)).toEqual([]);
  });
  it('knows the tax season: January to April, or forced', () => {
    expect(isTaxSeason(new Date('2026-01-01T00:00:00Z'), null)).toBe(true);
    expect(isTaxSeason(new Date('2026-04-30T23:59:59Z'), null)).toBe(true);
    expect(isTaxSeason(new Date('2026-05-01T00:00:00Z'), null)).toBe(false);
    expect(isTaxSeason(new Date('2026-05-01T00:00:00Z'), true)).toBe(true);
    expect(isTaxSeason(new Date('2026-02-01T00:00:00Z'), false)).toBe(false);
  });
});

describe('recaptcha_v3 verification', () => {
  const answer = (body: unknown, ok = true) =>
    jest.fn(async () => ({ ok, json: async () => body }) as unknown as Response) as unknown as typeof fetch;

  it('needs success, the expected action and a score of 0.5', async () => {
    const options = { method: 'recaptcha_v3' as const, secret: 'secret' };
    const good = answer({ success: true, action: 'registration', score: 0.9 });
    expect(await createCaptchaVerifier(options, good).verify('t', 'registration', '127.0.0.1')).toBe(true);
    const call = (good as unknown as jest.Mock).mock.calls[0] as [string, { body: URLSearchParams }];
    expect(call[0]).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(call[1].body.get('secret')).toBe('secret');
    expect(call[1].body.get('response')).toBe('t');
    for (const bad of [
      answer({ success: true, action: 'recover_username', score: 0.9 }),
      answer({ success: true, action: 'registration', score: 0.2 }),
      answer({ success: false }),
      answer({}, false),
      jest.fn(async () => Promise.reject(new Error('offline'))) as unknown as typeof fetch,
    ]) {
      expect(await createCaptchaVerifier(options, bad).verify('t', 'registration', '127.0.0.1')).toBe(false);
    }
  });

  it('refuses to start without a secret; dummy accepts any non-empty token', async () => {
    expect(() => createCaptchaVerifier({ method: 'recaptcha_v3', secret: null })).toThrow(/RECAPTCHA_SECRET/);
    const dummy = createCaptchaVerifier({ method: 'dummy', secret: null });
    expect(await dummy.verify('anything', 'registration', '')).toBe(true);
    expect(await dummy.verify('', 'registration', '')).toBe(false);
  });
});

describe('optionsFromEnv', () => {
  it('reads the documented variables', () => {
    const options = optionsFromEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_PATH: '/tmp/x.sqlite',
      RECAPTCHA_METHOD: 'recaptcha_v3',
      RECAPTCHA_SITE_KEY: 'key',
      RECAPTCHA_SECRET: 'secret',
      NODE_ENV: 'production',
      RECORD_ACTIONS: '1',
      TAX_SEASON: '0',
      RATE_LIMIT_MAX: '5',
      SMTP_URL: 'smtp://localhost:2525',
      SERVER_SECRET: RANDOM_HEX_SECRET,
      PUBLIC_URL: 'https://portal.example.com/',
    });
    expect(options).toMatchObject({
      databasePath: '/tmp/x.sqlite',
      production: true,
      recaptcha: { method: 'recaptcha_v3', siteKey: 'key', secret: 'secret' },
      recordActions: true,
      taxSeason: false,
      rateLimitMax: 5,
      smtpUrl: 'smtp://localhost:2525',
      publicUrl: 'https://portal.example.com',
      seedDemoData: false,
    });
    expect(options.serverSecret).toEqual(Buffer.from(RANDOM_HEX_SECRET, 'hex'));
    expect(optionsFromEnv({ PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(optionsFromEnv({}).taxSeason).toBeNull();
    expect(optionsFromEnv({ TAX_SEASON: '1' }).taxSeason).toBe(true);
    expect(optionsFromEnv({}).databasePath).toMatch(/var[\\/]loanmanager\.sqlite$/);
  });

  it('refuses nonsense', () => {
    expect(() => optionsFromEnv({ RECAPTCHA_METHOD: 'magic' })).toThrow(/RECAPTCHA_METHOD/);
    expect(() => optionsFromEnv({ RATE_LIMIT_MAX: '0' })).toThrow(/RATE_LIMIT_MAX/);
    expect(() => optionsFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => optionsFromEnv({ ERROR_REPORTING_DSN: 'http://key@errors.example.com/1' })).toThrow(/ERROR_REPORTING_DSN/);
    expect(() => optionsFromEnv({ ERROR_REPORTING_DSN: 'not a url' })).toThrow(/ERROR_REPORTING_DSN/);
    expect(optionsFromEnv({ ERROR_REPORTING_DSN: 'https://key@errors.example.com/1' }).errorReportingDsn).toBe(
      'https://key@errors.example.com/1',
    );
    expect(optionsFromEnv({}).errorReportingDsn).toBeNull();
  });

  it('DATABASE_URL selects PostgreSQL only with a postgres:// address, and never quotes it (it holds a password)', () => {
    expect(optionsFromEnv({})).toMatchObject({ databaseUrl: null, databasePoolSize: 10 });
    expect(optionsFromEnv({ DATABASE_URL: 'postgres://lm:pw@db.internal:5432/loanmanager', DATABASE_POOL_SIZE: '20' })).toMatchObject({
      databaseUrl: 'postgres://lm:pw@db.internal:5432/loanmanager',
      databasePoolSize: 20,
    });
    expect(optionsFromEnv({ DATABASE_URL: 'postgresql://lm@db/lm' }).databaseUrl).toBe('postgresql://lm@db/lm');
    for (const wrong of ['mysql://lm:pw-9x@db/lm', '/var/lib/lm.sqlite', 'postgres://lm:pw-9x@db/']) {
      let message = '';
      try {
        optionsFromEnv({ DATABASE_URL: wrong });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^DATABASE_URL must be a postgres:\/\//);
      expect(message).not.toContain('pw-9x');
    }
    expect(() => optionsFromEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('database migrations', () => {
  it('create the schema once and leave an existing file alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-db-'));
    try {
      const file = path.join(dir, 'nested', 'db.sqlite');
      const first = await openSqliteRepositories(file, STORE_OPTIONS);
      expect(first.createdFresh).toBe(true);
      await first.seedLoan({ loanno: '9000000099', propertyAddress: 'x', monthlyPaymentCents: 1, nextPaymentDue: '2026-01-01' });
      await first.close();
      const second = await openSqliteRepositories(file, STORE_OPTIONS);
      expect(second.createdFresh).toBe(false);
      // (matched by message: better-sqlite3 errors can come from another jest realm, so no toThrow)
      const duplicate = await second
        .seedLoan({ loanno: '9000000099', propertyAddress: 'x', monthlyPaymentCents: 1, nextPaymentDue: '2026-01-01' })
        .then(
          () => 'inserted',
          (error: { message: string }) => error.message,
        );
      expect(duplicate).toMatch(/UNIQUE/);
      await second.close();
      expect(fs.existsSync(`${file}-wal`) || fs.existsSync(file)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/start staleness', () => {
  it('builds when the loader is missing or older than a source file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-start-'));
    try {
      const src = path.join(dir, 'src', 'deep');
      fs.mkdirSync(src, { recursive: true });
      const loader = path.join(dir, 'loader.js');
      const source = path.join(src, 'file.ts');
      fs.writeFileSync(source, '');
      expect(staleReason(loader, [path.join(dir, 'src')])).toMatch(/not been built/);
      fs.writeFileSync(loader, '');
      fs.utimesSync(source, new Date(1000), new Date(1000));
      expect(staleReason(loader, [path.join(dir, 'src')])).toBeNull();
      fs.utimesSync(source, new Date(), new Date(Date.now() + 60_000));
      expect(staleReason(loader, [path.join(dir, 'src')])).toMatch(/changed/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('normalisedPath', () => {
  it('passes plain paths as they are and refuses every odd form, fast path or not', () => {
    expect(normalisedPath('/loanmanager/api/go-green/status/')).toBe('/loanmanager/api/go-green/status/');
    expect(normalisedPath('/loanmanager/api/user/check_email_address/?email_address=a%40b.example')).toBe('/loanmanager/api/user/check_email_address/');
    expect(normalisedPath('/loanmanager/%61pi/user/popup/')).toBe('/loanmanager/api/user/popup/');
    for (const odd of ['/loanmanager//api/user/popup/', '//evil.example/x', 'http://evil.example/x', '/loanmanager/api/../x', '/loanmanager/./api/', '/loanmanager/api%2fuser', '/a\\b', '/a%5cb', '/a%00b', '/bad%zz', '/loanmanager/%2e%2e/api/']) {
      expect({ odd, path: normalisedPath(odd) }).toEqual({ odd, path: null });
    }
  });
});

describe('records from rows (server/db/rows.ts)', () => {
  it('names each column in camelCase and reads flags as booleans on either engine', () => {
    const sqlite = { id: 3, email_address: null, email_validated: 1, electdocs: 0 };
    const postgres = { id: 3, email_address: null, email_validated: true, electdocs: false };
    for (const row of [sqlite, postgres]) {
      expect(recordOf(row, ['email_validated', 'electdocs'])).toEqual({ id: 3, emailAddress: null, emailValidated: true, electdocs: false });
    }
    expect(recordOf({ sign_count: 0, last_used_at: 5 })).toEqual({ signCount: 0, lastUsedAt: 5 });
  });

  it('reads just the columns asked of a joined row, after the fields set first', () => {
    const read = columnsReader(['first_name', 'auto_pay'], ['auto_pay']);
    const joined = { u_id: 7, first_name: 'Ana', auto_pay: 1, expires_at: 99 };
    expect(read(joined, { id: joined.u_id })).toEqual({ id: 7, firstName: 'Ana', autoPay: true });
  });

  it('hands a record back under column names, undefined for a field the record lacks', () => {
    const record = { emailAddress: 'a@example.com', electdocs: true };
    expect(asColumns(record, ['email_address', 'electdocs'])).toEqual({ email_address: 'a@example.com', electdocs: true });
    expect(asColumns(record, ['not_there'])).toEqual({ not_there: undefined });
  });
});
