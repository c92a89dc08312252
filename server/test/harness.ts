/**
 * Test harness: a real server on a real database (a SQLite file in a fresh temporary folder, or,
 * with TEST_DATABASE_URL or DATABASE_URL set, a fresh schema of that PostgreSQL database), a
 * movable clock, captured logs, and a small cookie-keeping client that talks HTTP through
 * fastify's `inject` (the full request pipeline: parsers, hooks, plugins, error handler).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer, type BuildOptions } from '../http/app';
import { BIGINT_AS_NUMBER } from '../db/connections';
import { DEMO_PASSWORD } from '../db/seed';
import { FIRST_ANSWERS_ELEMENT_ID } from '../../src/platform/renderProtocol';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { Client } from 'pg';

/** The PostgreSQL database the suite runs on, or null for SQLite. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
export const TEST_ENGINE: 'sqlite' | 'postgres' = TEST_DATABASE_URL ? 'postgres' : 'sqlite';
/** For tests that read or write the SQLite file itself: skipped when the suite runs on PostgreSQL. */
export const describeOnSqlite = TEST_ENGINE === 'sqlite' ? describe : describe.skip;
export const itOnSqlite = TEST_ENGINE === 'sqlite' ? it : it.skip;
/** For tests of PostgreSQL itself: skipped when the suite runs on SQLite. */
export const describeOnPostgres = TEST_ENGINE === 'postgres' ? describe : describe.skip;

/** A fresh PostgreSQL schema of TEST_DATABASE_URL, and an address whose connections use it. */
export interface TestSchema {
  name: string;
  databaseUrl: string;
  /** Runs SQL as the test's owner, in the schema (for tests that look at what is stored). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createTestSchema(): Promise<TestSchema> {
  if (!TEST_DATABASE_URL) throw new Error('createTestSchema needs TEST_DATABASE_URL');
  const name = `lm_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  const databaseUrl = url.toString();
  const client = new Client({ connectionString: databaseUrl, types: BIGINT_AS_NUMBER });
  await client.connect();
  await client.query(`CREATE SCHEMA ${name}`);
  return {
    name,
    databaseUrl,
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as T[];
    },
    async drop() {
      await client.query(`DROP SCHEMA ${name} CASCADE`);
      await client.end();
    },
  };
}

export const TEST_SCRYPT_N = 2 ** 12;

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The least environment a production start accepts (server/config.ts checkProduction). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SERVER_SECRET: randomBytes(32).toString('base64'),
  RECAPTCHA_METHOD: 'recaptcha_v3',
  RECAPTCHA_SITE_KEY: 'site-key',
  RECAPTCHA_SECRET: 'captcha-secret',
  PUBLIC_URL: 'https://portal.example.com',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};

interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

function createClock(start = new Date('2026-02-10T12:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  clock: TestClock;
  dir: string;
  /** Every log line written so far, as text. */
  logs(): string;
  client(): TestClient;
  /** Messages of the developer outbox, newest first. */
  outbox(): Promise<OutboxEntry[]>;
  /** The messages queued while `act` runs, oldest first. */
  mailDuring(act: () => Promise<unknown>): Promise<OutboxEntry[]>;
  /** A new browser of this server, signed in as `username` (the demo password unless given). */
  signedIn(username: string, password?: string): Promise<TestClient>;
  /** Every route the server registered (method and fastify pattern). */
  routes(): Array<{ method: string; url: string }>;
  /** The SQLite file (with -wal and -shm beside it); unused on PostgreSQL. */
  databasePath: string;
  /** The PostgreSQL schema the server runs on; null on SQLite. */
  schema: TestSchema | null;
  /** Runs SQL (`?` placeholders) straight on the database, on either engine, as an auditor would. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  body: string;
  links: string[];
  paths: string[];
}

/** The text of the test chunk `portal.0123456789.js`. */
export const CHUNK_TEXT = '/* chunk */';

/** An image of the test build, as webpack names it. */
export const TEST_IMAGE = 'images/leaf.0123456789.svg';

/** What webpack's chunk manifest says of the test build (webpack.config.ts, server/pages/preload.ts). */
export const TEST_CHUNK_MANIFEST = {
  'widget-runtime': ['shared.1111111111.js'],
  'i18n-catalogs': ['i18n-catalogs.1212121212.js'],
  portal: ['shared.1111111111.js', 'portal.0123456789.js'],
  'widget-registration': ['shared.1111111111.js', 'widget-registration.2222222222.js'],
  'widget-popups': ['shared.1111111111.js', 'widget-popups.3333333333.js'],
  'widget-verify-email': ['shared.1111111111.js', 'widget-verify-email.5555555555.js'],
  flows: ['shared.1111111111.js', 'flows-shared.6666666666.js', 'flows.7777777777.js'],
  'flows-verify-email': ['shared.1111111111.js', 'flows-shared.6666666666.js', 'flows-verify-email.8888888888.js'],
  'flows-login': ['shared.1111111111.js', 'flows-shared.6666666666.js', 'flows-login.9999999999.js'],
  'catalog:en:popups': ['105.eeeeeeeeee.js'],
};

export interface TestServerSetup {
  /** Another server's schema, to run a second instance on the same database (its owner drops it). */
  sharedSchema?: TestSchema;
}

export async function startTestServer(overrides: Partial<BuildOptions> = {}, setup: TestServerSetup = {}): Promise<TestServer> {
  const ownSchema = TEST_DATABASE_URL && !setup.sharedSchema ? await createTestSchema() : null;
  const schema = setup.sharedSchema ?? ownSchema;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-server-'));
  const staticDir = path.join(dir, 'static');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'loanmanager-widgets.js'), '/* loader */');
  fs.writeFileSync(path.join(staticDir, 'portal.0123456789.js'), CHUNK_TEXT);
  fs.writeFileSync(path.join(staticDir, 'portal.0123456789.css'), '.lm-x{color:red}');
  // as webpack's CompressionPlugin writes it beside the chunk
  fs.writeFileSync(path.join(staticDir, 'portal.0123456789.js.br'), zlib.brotliCompressSync(CHUNK_TEXT));
  fs.writeFileSync(path.join(staticDir, 'chunk-manifest.json'), JSON.stringify(TEST_CHUNK_MANIFEST));
  // an image as webpack emits it beside the chunks (webpack.config.ts assetModuleFilename)
  fs.mkdirSync(path.join(staticDir, 'images'));
  fs.writeFileSync(path.join(staticDir, TEST_IMAGE), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>');
  const clock = createClock();
  let logText = '';
  const logStream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      logText += chunk.toString();
      callback();
    },
  });
  const databasePath = path.join(dir, 'var', 'test.sqlite');
  const app = await buildServer({
    databasePath,
    databaseUrl: schema?.databaseUrl ?? null,
    databasePoolSize: 4,
    serverSecret: randomBytes(32),
    // scrypt at the production cost (2^17) makes every sign-in of the suite ~0.3 s: the cost is pinned in its own test
    scryptN: TEST_SCRYPT_N,
    routeRateLimitMax: 100_000,
    staticDir,
    disclosuresPath: path.join(REPO_ROOT, 'server', 'content', 'disclosures.html'),
    production: false,
    recordActions: false,
    taxSeason: null,
    rateLimitMax: 1000,
    publicUrl: 'http://portal.test',
    smtpUrl: null,
    seedDemoData: true,
    logLevel: 'trace',
    logStream,
    now: clock.now,
    ...overrides,
  });
  const server: TestServer = {
    app,
    clock,
    dir,
    logs: () => logText,
    client: () => new TestClient(app),
    routes: () => [...app.portalRoutes],
    databasePath,
    schema,
    async query<T>(sql: string, params: unknown[] = []) {
      if (schema) {
        let position = 0;
        return schema.query<T>(sql.replace(/\?/g, () => `$${++position}`), params);
      }
      const db = new BetterSqlite3(databasePath);
      try {
        const statement = db.prepare(sql);
        if (statement.reader) return statement.all(...params) as T[];
        statement.run(...params);
        return [];
      } finally {
        db.close();
      }
    },
    async outbox() {
      const response = await app.inject({ method: 'GET', url: '/loanmanager/dev/outbox.json' });
      return response.json<OutboxEntry[]>();
    },
    async mailDuring(act) {
      const before = new Set((await server.outbox()).map((mail) => mail.id));
      await act();
      return (await server.outbox()).filter((mail) => !before.has(mail.id)).reverse();
    },
    async signedIn(username, password) {
      const client = server.client();
      await client.login(username, password);
      return client;
    },
    async close() {
      try {
        await app.close();
      } finally {
        // also when the app was closed already (a shutdown test): the schema's connection must end
        await ownSchema?.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return server;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface RequestOptions {
  /** true (default for unsafe methods): send the cookie's token; false: none; a string: that value. */
  csrf?: boolean | string;
  headers?: Record<string, string>;
  /** Sent as is (with the content type given in headers, default application/json). */
  rawBody?: string | Buffer;
  query?: Record<string, string>;
}

/** Keeps cookies like a browser and copies the CSRF cookie into X-CSRFToken like the portal. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: Method, url: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0 && headers.cookie === undefined) headers.cookie = this.cookieHeader();
    const unsafe = method !== 'GET' && method !== 'HEAD';
    const csrf = options.csrf ?? unsafe;
    if (csrf === true && this.cookies.has('csrftoken')) headers['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    if (typeof csrf === 'string') headers['x-csrftoken'] = csrf;
    let payload: string | Buffer | undefined;
    if (options.rawBody !== undefined) {
      payload = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(options.query ? { query: options.query } : {}),
    });
    this.remember(response);
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body, options);
  }

  /** Opens a page first, as a browser would, so the CSRF cookie is set. */
  async visit(url = '/loanmanager/login/') {
    return this.get(url);
  }

  async login(username: string, password = DEMO_PASSWORD) {
    if (!this.cookies.has('csrftoken')) await this.visit();
    const response = await this.post('/loanmanager/api/account/login/', { username, password });
    if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
    return response;
  }

  /** Proves the password again (user/confirm_password/): this session may change the address on file for 10 minutes. */
  async confirmPassword(password = DEMO_PASSWORD) {
    const response = await this.post('/loanmanager/api/user/confirm_password/', { password });
    if (response.statusCode !== 200) throw new Error(`confirm_password failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}

/** The parsed config block of a page. */
export function pageConfig(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="loanmanager-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no config block');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

/** The answers a page comes with (src/firstView/firstAnswers.ts), parsed; null without them. */
export function firstAnswersIn(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1] ?? 'null') : null;
}

/** The hidden CSRF fields of a page, as written (masked: control 28). */
export function formTokensIn(html: string): string[] {
  return [...html.matchAll(/name="csrfmiddlewaretoken" value="([^"]*)"/g)].map((match) => match[1] ?? '');
}

/** A masked form token unmasked by hand (pad, then token XOR pad; base64url), independently of server/auth/security.ts. */
export function unmaskFormToken(masked: string): string {
  const bytes = Buffer.from(masked, 'base64url');
  const half = bytes.length / 2;
  return Buffer.from(bytes.subarray(half).map((byte, i) => byte ^ (bytes[i] ?? 0))).toString('latin1');
}

/** The nonce at the end of an emailed link. */
export function nonceOf(link: string): string {
  const match = /reset_password\/([^/]+)\/|[?&]nonce=([^&]+)/.exec(link);
  const nonce = match?.[1] ?? match?.[2];
  if (!nonce) throw new Error(`no nonce in ${link}`);
  return decodeURIComponent(nonce);
}

export const API = '/loanmanager/api/';

/** A registration body for a demo borrower (seed.ts), with a fresh username and address; `extra` overrides. */
export function registrationBody(
  borrower: { loans: ReadonlyArray<{ loanno: string }>; ssn: string; dob: string },
  extra: Record<string, unknown> = {},
) {
  const suffix = Math.random().toString(36).slice(2, 10);
  return {
    firstname: 'Test',
    lastname: 'Person',
    username: `user.${suffix}`,
    password: 'Secret-pass9',
    email: `user.${suffix}@example.com`,
    loanno: borrower.loans[0]!.loanno,
    ssn: borrower.ssn,
    dob: borrower.dob,
    remember_this_browser: false,
    recaptcha_response: 'dummy-token',
    ...extra,
  };
}

/** What the last readiness check found, from the log: readyz itself answers only ready or not (server/routes/health.ts). */
export function lastReadiness(server: Pick<TestServer, 'logs'>): Record<string, unknown> | undefined {
  const checks = server
    .logs()
    .split('\n')
    .filter((line) => line.includes('"msg":"readiness"'))
    .map((line) => JSON.parse(line) as { readiness: Record<string, unknown> });
  return checks.at(-1)?.readiness;
}

/** Starts test servers (`startTestServer`) that are closed after each test of the file that calls this. */
export function serversClosedAfterEach() {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const started of servers.splice(0)) await started.close();
  });
  return async (overrides: Parameters<typeof startTestServer>[0] = {}) => {
    const started = await startTestServer(overrides);
    servers.push(started);
    return started;
  };
}

/**
 * For the kept pages' tests: a server that keeps pages and one that draws every page afresh (keepPages
 * false), both drawing with `serverRender` (the portal's own), started before the file's tests and
 * closed after them.
 */
export function keptAndFreshServers(serverRender: NonNullable<BuildOptions['serverRender']>) {
  const servers: { kept?: TestServer; fresh?: TestServer } = {};
  beforeAll(async () => {
    [servers.kept, servers.fresh] = await Promise.all([startTestServer({ serverRender }), startTestServer({ serverRender, keepPages: false })]);
  });
  afterAll(async () => {
    await Promise.all([servers.kept?.close(), servers.fresh?.close()]);
  });
  return { kept: () => servers.kept!, fresh: () => servers.fresh! };
}
