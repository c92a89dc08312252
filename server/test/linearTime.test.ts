/**
 * Request data (addresses, headers, bodies) is anyone's to write: everything that reads it with a
 * pattern must cost time in proportion to its length (issue 38: 16,000 `?` in a query cost 0.45 s
 * of the event loop in the log's URL redaction). Each function is fed adversarial shapes at 16 KB
 * and at 500 bytes, and the cost per byte is compared in the same run (perByteCostRatio): about 1
 * for linear work, about 32 for quadratic.
 */
import type { FastifyRequest, InjectOptions } from 'fastify';
import { redact, redactUrl } from '../../src/platform/redaction';
import { isPortalReturnPath } from '../../src/lib/portalUrls';
import { EMAIL_PATTERN } from '../../src/lib/validation/rules';
import { describeBrowser } from '../mail/emails';
import { htmlEncodingFor } from '../pages/htmlCompression';
import { redactRequestUrl } from '../http/logger';
import { normalisedPath } from '../auth/sessions';
import { median, perByteCostRatio, timeOf } from './timing';
import { startTestServer, type TestServer } from './harness';

const LONG = 16_000;
const SHORT = 500;
/** Linear work measures about 1 (up to 8 seen on a machine at load 16); quadratic about LONG / SHORT = 32. */
const MOST = 10;

/** Shapes that make a backtracking pattern retry from every position. */
const SHAPES: Record<string, (length: number) => string> = {
  'question marks': (n) => `/loanmanager/x${'?'.repeat(n)}`,
  ampersands: (n) => `/loanmanager/x?${'&'.repeat(n)}`,
  'keys without =': (n) => `/loanmanager/x${'?a'.repeat(n / 2)}`,
  'one long key': (n) => `/loanmanager/x?${'a'.repeat(n)}`,
  'equals signs': (n) => `/loanmanager/x?a${'='.repeat(n)}`,
  'many parameters': (n) => `/loanmanager/x${'&a=b'.repeat(n / 4)}`,
  'sensitive parameters': (n) => `/loanmanager/x${'&nonce=1'.repeat(n / 8)}`,
  'reset links': (n) => `${'/reset_password/'.repeat(n / 16)}?email_address=${'a'.repeat(16)}`,
  'slashes and dots': (n) => `/${'./'.repeat(n / 2)}`,
  'percent escapes': (n) => `/loanmanager/${'%2'.repeat(n / 3)}`,
  'plain path then a refused character': (n) => `/loanmanager/${'a/'.repeat(n / 2)}!`,
  'fragments': (n) => `/loanmanager/x${'#?'.repeat(n / 2)}`,
};

const READERS: Record<string, (input: string) => unknown> = {
  redactUrl,
  'redact (a URL-like string)': (input) => redact(`${input}=`),
  redactRequestUrl,
  normalisedPath,
  isPortalReturnPath,
  EMAIL_PATTERN: (input) => EMAIL_PATTERN.test(input),
};

describe('what reads request data costs time in proportion to its length', () => {
  for (const [reader, read] of Object.entries(READERS)) {
    it.each(Object.keys(SHAPES))(`${reader}: %s`, (shape) => {
      const make = SHAPES[shape]!;
      expect(perByteCostRatio(read, make(SHORT), make(LONG))).toBeLessThan(MOST);
    });
  }

  it.each([
    ['spaces then a refused coding', (n: number) => `${' '.repeat(n)}x`],
    ['q parameters', (n: number) => `gzip${';q=0'.repeat(n / 4)}`],
    ['a zero weight with long padding', (n: number) => `br;q=0.${'0'.repeat(n / 2)}${' '.repeat(n / 2)}x`],
    ['many codings', (n: number) => `${'x,'.repeat(n / 2)}br`],
  ])('the Accept-Encoding of a page: %s', (_shape, make) => {
    const request = (value: string) =>
      ({ headers: { 'sec-fetch-site': 'same-origin', 'accept-encoding': value } }) as unknown as FastifyRequest;
    expect(perByteCostRatio((value) => htmlEncodingFor(request(value)), make(SHORT), make(LONG))).toBeLessThan(MOST);
  });

  it('a User-Agent is read to its first 500 characters only', () => {
    const make = (n: number) => `Mozilla/5.0 (${' ('.repeat(n / 2)}`;
    // bounded input: the long one costs about what the short one does, not 32 times more per byte
    expect(perByteCostRatio(describeBrowser, make(SHORT), make(LONG), 3)).toBeLessThan(MOST);
  });
});

describe('a whole request of 16 KB costs a few times a short one, not hundreds', () => {
  let portal: TestServer;
  beforeAll(async () => {
    portal = await startTestServer({ logLevel: 'info' });
  });
  afterAll(async () => {
    await portal.close();
  });

  /** Median times of `long` and `short` requests, alternated, and their ratio. */
  async function ratio(long: InjectOptions, short: InjectOptions) {
    const longs: number[] = [];
    const shorts: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      shorts.push(await timeOf(() => portal.app.inject(short)));
      longs.push(await timeOf(() => portal.app.inject(long)));
    }
    return median(longs) / median(shorts);
  }

  it.each([
    ['a refused path with 16,000 question marks', `/%zz${'?'.repeat(LONG)}`, '/%zz?'],
    ['a page with 16,000 question marks', `/loanmanager/login/${'?'.repeat(LONG)}`, '/loanmanager/login/?'],
    ['a missing page with keys without =', `/loanmanager/nothing/${'?a'.repeat(LONG / 2)}`, '/loanmanager/nothing/?a'],
  ])('%s', async (_name, long, short) => {
    expect(await ratio({ method: 'GET', url: long }, { method: 'GET', url: short })).toBeLessThan(10);
  });

  it.each([
    ['authorization', (n: number) => `Token ${' '.repeat(n / 2)}x${' '.repeat(n / 2)}y`],
    ['cookie', (n: number) => `${'a=;'.repeat(n / 3)}`],
    ['accept-language', (n: number) => `${'es-MX,'.repeat(n / 6)}`],
    ['user-agent', (n: number) => `Mozilla/5.0 (${' ('.repeat(n / 2)}`],
  ])('a header of 16 KB: %s', async (header, make) => {
    const at = (value: string) => ({ method: 'GET' as const, url: '/loanmanager/login/', headers: { [header]: value } });
    expect(await ratio(at(make(LONG)), at(make(16)))).toBeLessThan(10);
  });
});
