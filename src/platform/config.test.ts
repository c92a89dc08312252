import {
  CONFIG_ELEMENT_ID,
  DEFAULT_API_BASE,
  DEFAULT_ERROR_SAMPLE_RATE,
  DEFAULT_STATIC_URL,
  defaultConfig,
  parseConfig,
  readConfig,
} from './config';
import { staticUrlOf } from './rawConfig';
import { appendJsonDataBlock } from '../testing/jsonDataBlock';

function pageWith(block: string | null): Document {
  const doc = document.implementation.createHTMLDocument('host');
  if (block !== null) appendJsonDataBlock(doc, CONFIG_ELEMENT_ID, block);
  return doc;
}

describe('reading the config block', () => {
  it('reads <script type="application/json" id="loanmanager-config">', () => {
    const config = readConfig(
      pageWith(
        JSON.stringify({
          recaptcha: { method: 'recaptcha_v3', site_key: 'site-key' },
          reset_nonce: 'nonce-1',
          coacct: 12345,
          auth_token: 'tok',
          api_base: 'https://api.example.test/loanmanager/api',
          static_url: 'https://cdn.example.test/static',
          error_reporting: { dsn: 'https://key@sentry.example.test/1', sample_rate: 0.5 },
          devtools: true,
          record_actions: true,
          locale: 'es',
          passkeys: true,
        }),
      ),
    );
    expect(config).toEqual({
      recaptcha: { method: 'recaptcha_v3', siteKey: 'site-key' },
      resetNonce: 'nonce-1',
      coacct: '12345',
      authToken: 'tok',
      apiBase: 'https://api.example.test/loanmanager/api/',
      staticUrl: 'https://cdn.example.test/static/',
      errorReporting: { dsn: 'https://key@sentry.example.test/1', sampleRate: 0.5 },
      devtools: true,
      recordActions: true,
      locale: 'es',
      unknownLocale: null,
      qaTools: false,
      passkeys: true,
    });
    // off unless the servicer's server says it offers passkeys (issue 49)
    expect(parseConfig({}).passkeys).toBe(false);
  });

  it.each([
    ['a page without the block', null],
    ['an empty block', ''],
    ['a block with bad JSON', '{"recaptcha": '],
    ['a block that is not an object', '"just a string"'],
    ['a block with a key of the wrong type', '{"api_base": 42}'],
  ])("%s: Error('unable to get config')", (_name, block) => {
    const doc = pageWith(block);
    expect(() => readConfig(doc)).toThrow(new Error('unable to get config'));
  });

  it.each(['invisible', 'recaptcha_v2', ''])("recaptcha.method %p: Error('invalid recaptcha method')", (method) => {
    expect(() => readConfig(pageWith(JSON.stringify({ recaptcha: { method } })))).toThrow(
      new Error('invalid recaptcha method'),
    );
  });

  it("recaptcha_v3 without a site_key: Error('invalid recaptcha method') at startup", () => {
    expect(() => parseConfig({ recaptcha: { method: 'recaptcha_v3' } })).toThrow(new Error('invalid recaptcha method'));
    expect(() => parseConfig({ recaptcha: { method: 'recaptcha_v3', site_key: '' } })).toThrow(
      new Error('invalid recaptcha method'),
    );
  });

  it('accepts both captcha methods', () => {
    expect(parseConfig({ recaptcha: { method: 'dummy' } }).recaptcha.method).toBe('dummy');
    expect(parseConfig({ recaptcha: { method: 'recaptcha_v3', site_key: 'k' } }).recaptcha).toEqual({
      method: 'recaptcha_v3',
      siteKey: 'k',
    });
  });
});

describe('defaults', () => {
  it('an empty block gives every default', () => {
    const config = readConfig(pageWith('{}'));
    expect(config.errorReporting).toEqual({ dsn: null, sampleRate: 0.01 });
    expect(config.apiBase).toBe('/loanmanager/api/');
    expect(config.staticUrl).toBe('/loanmanager/static/');
    expect(config.recaptcha).toEqual({ method: 'dummy', siteKey: null });
    expect(config).toMatchObject({
      resetNonce: null,
      coacct: null,
      authToken: null,
      devtools: false,
      recordActions: false,
    });
  });

  it('locale: "en" unless the block says "es"; anything else is English, kept (cut to 20 characters) for one report', () => {
    expect(readConfig(pageWith('{}'))).toMatchObject({ locale: 'en', unknownLocale: null });
    expect(readConfig(pageWith('{"locale": "es"}'))).toMatchObject({ locale: 'es', unknownLocale: null });
    expect(readConfig(pageWith('{"locale": null}'))).toMatchObject({ locale: 'en', unknownLocale: null });
    expect(readConfig(pageWith('{"locale": "ES"}'))).toMatchObject({ locale: 'en', unknownLocale: 'ES' });
    expect(readConfig(pageWith('{"locale": 7}'))).toMatchObject({ locale: 'en', unknownLocale: '7' });
    expect(readConfig(pageWith(`{"locale": "${'x'.repeat(100)}"}`)).unknownLocale).toHaveLength(20);
  });

  it('the exported constants are the documented ones', () => {
    expect(DEFAULT_ERROR_SAMPLE_RATE).toBe(0.01);
    expect(DEFAULT_API_BASE).toBe('/loanmanager/api/');
    expect(DEFAULT_STATIC_URL).toBe('/loanmanager/static/');
  });

  it('null values fall back to the defaults', () => {
    const config = parseConfig({ api_base: null, static_url: null, error_reporting: { dsn: 'x', sample_rate: null } });
    expect(config.apiBase).toBe('/loanmanager/api/');
    expect(config.staticUrl).toBe('/loanmanager/static/');
    expect(config.errorReporting.sampleRate).toBe(0.01);
  });

  it('defaultConfig takes overrides', () => {
    expect(defaultConfig({ authToken: 't' })).toMatchObject({ authToken: 't', apiBase: '/loanmanager/api/' });
  });
});

describe('staticUrlOf (the loader reads it before validation)', () => {
  it.each([
    [{}, '/loanmanager/static/'],
    [null, '/loanmanager/static/'],
    [{ static_url: '' }, '/loanmanager/static/'],
    [{ static_url: 42 }, '/loanmanager/static/'],
    [{ static_url: 'http://127.0.0.1:9/loanmanager/static' }, 'http://127.0.0.1:9/loanmanager/static/'],
    [{ static_url: '/s/' }, '/s/'],
  ])('%p → %p', (raw, expected) => {
    expect(staticUrlOf(raw)).toBe(expected);
  });
});
