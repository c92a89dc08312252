import { createErrorReporter, scrubEvent } from './errorReporting';
import { REDACTED } from './redaction';

type SentryModule = typeof import('@sentry/browser');
type InitOptions = NonNullable<Parameters<SentryModule['init']>[0]>;

/** A stand-in for @sentry/browser that records what the reporter does with it. */
function fakeSentry() {
  const init = jest.fn<void, [InitOptions]>();
  const captureException = jest.fn();
  const module = { init, captureException } as unknown as SentryModule;
  return { module, init, captureException };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('without a DSN', () => {
  it('never loads Sentry, so nothing leaves the browser', async () => {
    const loadSentry = jest.fn(() => Promise.resolve(fakeSentry().module));
    const reporter = createErrorReporter({ errorReporting: { dsn: null, sampleRate: 0.01 } }, loadSentry);
    reporter.report(new Error('boom'), { password: 'Secret#123' });
    reporter.log('only logged', { ssn: '123456789' });
    await flush();
    expect(loadSentry).not.toHaveBeenCalled();
  });

  it('logs to the console with the context redacted', () => {
    const reporter = createErrorReporter({ errorReporting: { dsn: null, sampleRate: 0.01 } }, jest.fn());
    reporter.report(new Error('boom'), { password: 'Secret#123', where: 'saga' });
    reporter.log('polling failed', { nonce: 'abc', step: 2 });
    expect(consoleError).toHaveBeenNthCalledWith(1, `[loanmanager] boom {"password":"${REDACTED}","where":"saga"}`);
    expect(consoleError).toHaveBeenNthCalledWith(2, `[loanmanager] polling failed {"nonce":"${REDACTED}","step":2}`);
    expect(JSON.stringify(consoleError.mock.calls)).not.toMatch(/Secret#123|abc/);
  });

  it.each([
    ['an HTTP answer (its body never)', { status: 500, data: { errors: ['boom for dana@example.com'] } }, '[loanmanager] HTTP 500 {"flow":"recoverUsername"}'],
    ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, '[loanmanager] network failure (TypeError: Failed to fetch) {"flow":"recoverUsername"}'],
    ['an unreadable answer', { status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, '[loanmanager] unreadable answer (HTTP 502) {"flow":"recoverUsername"}'],
    ['a TypeError', new TypeError('x is not a function'), '[loanmanager] TypeError: x is not a function {"flow":"recoverUsername"}'],
    ['an object with a secret', { ssn: '900000001', code: 7 }, `[loanmanager] {"ssn":"${REDACTED}","code":7} {"flow":"recoverUsername"}`],
  ])('a failure is one readable line, never "[object Object]": %s', (_, error, line) => {
    createErrorReporter({ errorReporting: { dsn: null, sampleRate: 0.01 } }, jest.fn()).report(error, { flow: 'recoverUsername' });
    expect(consoleError).toHaveBeenCalledWith(line);
    expect(JSON.stringify(consoleError.mock.calls)).not.toMatch(/object Object|dana@|900000001/);
  });
});

describe('with a DSN', () => {
  const config = { errorReporting: { dsn: 'https://key@sentry.example.test/1', sampleRate: 0.01 } };

  it('initialises Sentry with the DSN and the sample rate', async () => {
    const sentry = fakeSentry();
    createErrorReporter(config, () => Promise.resolve(sentry.module));
    await flush();
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init.mock.calls[0]?.[0]).toMatchObject({ dsn: 'https://key@sentry.example.test/1', sampleRate: 0.01 });
  });

  it('beforeSend strips sensitive values from the event, its request URL and its breadcrumbs', async () => {
    const sentry = fakeSentry();
    createErrorReporter(config, () => Promise.resolve(sentry.module));
    await flush();
    const { beforeSend } = sentry.init.mock.calls[0]?.[0] ?? {};
    const event = {
      message: 'failed',
      request: {
        url: 'https://portal.test/loanmanager/verify_email/?nonce=abc123',
        query_string: 'nonce=abc123&x=1',
        headers: { Authorization: 'Token tok', 'X-CSRFToken': 'csrf' },
        data: { username: 'ada', password: 'Secret#123' },
      },
      extra: { state: { registration: { values: { ssn: '123456789', dob: '1980-12-10' } } } },
      breadcrumbs: [
        { category: 'redux.action', data: { type: 'registration/fieldChanged', payload: { password: 'Secret#123' } } },
        { category: 'navigation', data: { to: '/loanmanager/reset_password/?reset_nonce=n1' } },
      ],
    };
    const scrubbed = (beforeSend as (event: unknown, hint: unknown) => unknown)(event, {});
    const text = JSON.stringify(scrubbed);
    for (const secret of ['abc123', 'Secret#123', 'Token tok', 'csrf"', '123456789', '1980-12-10', 'n1']) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed).toMatchObject({
      message: 'failed',
      request: {
        url: `https://portal.test/loanmanager/verify_email/?nonce=${REDACTED}`,
        query_string: `nonce=${REDACTED}&x=1`,
        data: { username: 'ada', password: REDACTED },
      },
    });
  });

  it('beforeBreadcrumb strips sensitive values from each breadcrumb', async () => {
    const sentry = fakeSentry();
    createErrorReporter(config, () => Promise.resolve(sentry.module));
    await flush();
    const { beforeBreadcrumb } = sentry.init.mock.calls[0]?.[0] ?? {};
    const crumb = { category: 'fetch', data: { url: '/loanmanager/api/x?nonce=zz9', body: { ssn: '123456789' } } };
    expect((beforeBreadcrumb as (crumb: unknown, hint: unknown) => unknown)(crumb, {})).toEqual({
      category: 'fetch',
      data: { url: `/loanmanager/api/x?nonce=${REDACTED}`, body: { ssn: REDACTED } },
    });
  });

  it('report() sends the error with a redacted context', async () => {
    const sentry = fakeSentry();
    const reporter = createErrorReporter(config, () => Promise.resolve(sentry.module));
    const error = new Error('boom');
    reporter.report(error, { password: 'Secret#123', widget: 'registration' });
    await flush();
    expect(sentry.captureException).toHaveBeenCalledWith(error, {
      extra: { password: REDACTED, widget: 'registration' },
    });
  });

  it('a Sentry that fails to load does not break reporting', async () => {
    const reporter = createErrorReporter(config, () => Promise.reject(new Error('offline')));
    await flush();
    expect(() => reporter.report(new Error('boom'))).not.toThrow();
    await flush();
    expect(consoleError).toHaveBeenCalledWith('[loanmanager] boom');
  });
});

describe('scrubEvent', () => {
  it('returns a copy', () => {
    const event = { extra: { password: 'p' } };
    expect(scrubEvent(event)).toEqual({ extra: { password: REDACTED } });
    expect(event.extra.password).toBe('p');
  });
});
