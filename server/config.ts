/**
 * Everything the server can be told, read once from the environment. Tests build these
 * options directly instead of touching process.env.
 */
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import type { RecaptchaMethod } from '../src/platform/config';
import { DEFAULT_IPV6_PREFIX } from './http/clientKey';
import type { HelpContact } from './pages/html';
import { DEFAULT_MAIL_DELIVERY, type MailDeliverySettings } from './mail/mail';
import { ROOT as repoRoot } from './http/paths';
import { DEFAULT_PASSWORD_HASHING, type PasswordHashingSettings } from './auth/passwordHashing';
import { parseSecret, SECRET_MINIMUM_BYTES } from './auth/secrets';
import { DEFAULT_SESSION_IDLE_MINUTES } from './auth/security';

/** The widgets' own type: the server and the page config name one set of methods. */
export type { RecaptchaMethod };

export type TrustProxy = boolean | number | string[];

export interface ServerOptions {
  /** SQLite file; created with its folder when missing. Unused when `databaseUrl` is set. */
  databasePath: string;
  /** DATABASE_URL: postgres://user:password@host:port/database selects PostgreSQL; null, SQLite. */
  databaseUrl: string | null;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per instance. */
  databasePoolSize: number;
  /** The webpack output (`dist/static`), served under /loanmanager/static/. */
  staticDir: string;
  /** The editable disclosures HTML. */
  disclosuresPath: string;
  production: boolean;
  recaptcha: { method: RecaptchaMethod; siteKey: string | null; secret: string | null };
  recordActions: boolean;
  /** A Sentry DSN handed to the pages (`error_reporting.dsn`); its origin joins the CSP's connect-src. */
  errorReportingDsn: string | null;
  /** true or false forces the tax season; null follows the calendar (January to April). */
  taxSeason: boolean | null;
  /** Requests per minute per client address to each anonymous account endpoint. */
  rateLimitMax: number;
  /** Requests per minute per account (or per client address when signed out) to each other route. */
  routeRateLimitMax: number;
  /** Static files per minute per client address: a page loads a dozen at most. */
  staticRateLimitMax: number;
  /** Failed sign-ins per username within `loginLockoutMinutes` before that username is locked for the rest of the window. */
  loginFailuresMax: number;
  loginLockoutMinutes: number;
  /** API tokens stop working this many days after they were made. */
  apiTokenDays: number;
  /** SESSION_IDLE_MINUTES: a cookie session ends after this many minutes without a request (docs/security.md, control 24). */
  sessionIdleMinutes: number;
  /** scrypt cost N for new password hashes; older hashes are rehashed at sign-in. */
  scryptN: number;
  /** PASSWORD_HASH_THREADS, PASSWORD_HASH_QUEUE and PASSWORD_HASH_QUEUE_PER_CLIENT: the password-hashing pool and its turns (server/auth/passwordHashing.ts). */
  passwordHashing: PasswordHashingSettings;
  /** A request must arrive whole within this time; headers within `headersTimeoutMs`; idle keep-alive sockets close after `keepAliveTimeoutMs`. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** SERVER_SECRET: keys the stored identity values and encrypts queued mail. null: the development
   * secret generated into the database's folder (refused in production). */
  serverSecret: Buffer | null;
  /** SERVER_SECRET_PREVIOUS: still accepted during a rotation. */
  previousServerSecret: Buffer | null;
  /** The footer's help line: HELP_PHONE, HELP_HOURS, HELP_EMAIL. */
  help: HelpContact;
  /** Absolute base of links in emails, e.g. https://portal.example.com (no trailing slash); also the
   * passkeys' relying party in production (server/services/passkeys.ts). */
  publicUrl: string;
  /** PASSKEYS: offer passkeys (WebAuthn) for sign-in and step-up; on unless PASSKEYS=0 (issue 49). */
  passkeys: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** TRUST_PROXY: which proxies' X-Forwarded-For/-Proto/-Host set the client address and scheme
   * (fastify's `trustProxy`): false (default), true (any), a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** CLIENT_IPV6_PREFIX: an IPv6 client counts as its network of this many bits (64) in every per-client limit (server/http/clientKey.ts). */
  clientIpv6Prefix: number;
  /** INSTANCE_ID: names this instance in every log line, in readiness and in its outbox claims. */
  instanceId: string;
  /** How the mail worker polls, claims and retries (server/mail/mail.ts). */
  mailDelivery: Omit<MailDeliverySettings, 'instanceId'>;
  /** Origins besides this server's own whose pages may make cookie-authenticated unsafe API calls
   * (host pages that proxy /loanmanager/api/ to the portal). */
  allowedOrigins: string[];
  /** Seed the demo borrowers into a freshly created database. */
  seedDemoData: boolean;
  logLevel: string;
  /** METRICS_PORT: Prometheus metrics on a private listener (server/http/metrics.ts); null, none. METRICS_HOST: its address. */
  metricsPort: number | null;
  metricsHost: string;
  /** Where logs go; stdout when absent. */
  logStream?: Writable;
  /** The clock; tests move it to expire nonces and sessions. */
  now: () => Date;
}

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_RATE_LIMIT_MAX = 30;
const DEFAULT_ROUTE_RATE_LIMIT_MAX = 120;
const DEFAULT_STATIC_RATE_LIMIT_MAX = 1000;
/** OWASP's 2023 minimum for scrypt: N=2^17, r=8, p=1. */
export const DEFAULT_SCRYPT_N = 2 ** 17;
const DEFAULT_API_TOKEN_DAYS = 90;
const DEFAULT_DATABASE_POOL_SIZE = 10;
const TIMEOUTS = { requestMs: 10_000, headersMs: 5_000, keepAliveMs: 5_000 } as const;
export const LOGIN_LOCKOUT = { failures: 5, minutes: 15 } as const;

/** Why a production start is refused: one line naming the variable. */
export class ConfigError extends Error {}

function flag(value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  return value === '1' || value.toLowerCase() === 'true';
}

function recaptchaMethodOf(value: string | undefined): RecaptchaMethod {
  const method = value && value !== '' ? value : 'dummy';
  if (method !== 'dummy' && method !== 'recaptcha_v3') {
    throw new Error(`RECAPTCHA_METHOD must be dummy or recaptcha_v3, not ${method}`);
  }
  return method;
}

/** The DSN must be an https address (a typo here would silently report nothing). */
function errorReportingDsnOf(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('ERROR_REPORTING_DSN must be an https:// Sentry DSN');
  }
  if (url.protocol !== 'https:') throw new Error('ERROR_REPORTING_DSN must be an https:// Sentry DSN');
  return value;
}

/** METRICS_PORT: unset or empty, no metrics; otherwise the port of their private listener. */
export function metricsPortOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConfigError(`METRICS_PORT is not a port number: ${value}`);
  return port;
}

export function listenAddressFromEnv(env: NodeJS.ProcessEnv = process.env): { port: number; host: string } {
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  return { port, host: env.HOST || DEFAULT_HOST };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive whole number, not ${raw}`);
  return value;
}

/** CLIENT_IPV6_PREFIX: 1 to 128 bits (server/http/clientKey.ts); 128 counts each IPv6 address apart. */
export function clientIpv6PrefixOf(env: NodeJS.ProcessEnv): number {
  const prefix = positiveInteger(env, 'CLIENT_IPV6_PREFIX', DEFAULT_IPV6_PREFIX);
  if (prefix > 128) throw new ConfigError(`CLIENT_IPV6_PREFIX must be a prefix length from 1 to 128, not ${prefix}`);
  return prefix;
}

function secretOf(env: NodeJS.ProcessEnv, name: string): Buffer | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const secret = parseSecret(raw);
  if (!secret) throw new ConfigError(`${name} must be at least ${SECRET_MINIMUM_BYTES} random bytes, base64 or hex (openssl rand -base64 32)`);
  return secret;
}

/** ALLOWED_ORIGINS: a comma-separated list of origins (scheme://host[:port], nothing after). */
function originsOf(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        // reported below
      }
      if (!url || url.origin !== entry || !/^https?:$/.test(url.protocol)) {
        throw new ConfigError(`ALLOWED_ORIGINS must list origins such as https://www.example.com, not ${entry}`);
      }
      return entry;
    });
}

/** The page warns 2 minutes ahead and the last request is recorded to within a minute: below 5 minutes the warning would leave no time to answer it. */
const SESSION_IDLE_MINUTES_MINIMUM = 5;

export function sessionIdleMinutesOf(env: NodeJS.ProcessEnv): number {
  const minutes = positiveInteger(env, 'SESSION_IDLE_MINUTES', DEFAULT_SESSION_IDLE_MINUTES);
  if (minutes < SESSION_IDLE_MINUTES_MINIMUM) {
    throw new ConfigError(`SESSION_IDLE_MINUTES must be at least ${SESSION_IDLE_MINUTES_MINIMUM}, not ${minutes}`);
  }
  return minutes;
}

/** TRUST_PROXY: empty, 0 or false trusts no proxy; 1 or true trusts any (the address the proxy
 * says is the client's); a number above 1 trusts that many hops; otherwise a comma-separated
 * list of proxy addresses or CIDRs (10.0.0.0/8, 127.0.0.1), the safe choice behind a known load balancer. */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw === '1' || raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const addressOrCidr = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/;
  for (const entry of entries) {
    if (!addressOrCidr.test(entry)) {
      throw new ConfigError(`TRUST_PROXY must be true, a hop count, or addresses/CIDRs separated by commas, not ${entry}`);
    }
  }
  return entries;
}

const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 30;

/** SHUTDOWN_TIMEOUT_SECONDS: how long a graceful shutdown may take before the process exits anyway. */
export function shutdownTimeoutMsOf(env: NodeJS.ProcessEnv): number {
  return positiveInteger(env, 'SHUTDOWN_TIMEOUT_SECONDS', DEFAULT_SHUTDOWN_TIMEOUT_SECONDS) * 1000;
}

/** INSTANCE_ID, or the host name and process id: unique among instances on one database. */
export function instanceIdOf(value: string | undefined): string {
  const id = value?.trim() || `${os.hostname()}-${process.pid}`;
  if (!/^[\w.:-]{1,100}$/.test(id)) throw new ConfigError('INSTANCE_ID may hold letters, digits, and . _ : - (at most 100)');
  return id;
}

/** Words of placeholders and examples: a secret that holds one was typed, not generated. Six letters
 * or more, so that a random base64 secret holds one by chance about once in 10^7. */
const PLACEHOLDER_WORDS = ['changeme', 'change-me', 'change_me', 'placeholder', 'example', 'secret', 'replace', 'default', 'insecure', 'password', 'loanmanager'];

/** A secret's text that holds some 8 characters twice was not generated (random hex does, by chance,
 * about once in 3 million; random base64 about once in 10^11). */
const REPEATED_BLOCK_CHARACTERS = 8;

function repeatsABlock(text: string, size: number): boolean {
  const seen = new Set<string>();
  for (let i = 0; i + size <= text.length; i += 1) {
    const block = text.slice(i, i + size);
    if (seen.has(block)) return true;
    seen.add(block);
  }
  return false;
}

/**
 * Why a secret cannot be random bytes, or null. Random bytes have many distinct values (32 of them:
 * 30 on average, fewer than 16 about never) and do not compress, and their text does not repeat
 * itself; a repeated word or block, a run of zeros or a counting pattern (`0123…`) fails one of these.
 * A placeholder word (`changeme`, `example`…) in the text refuses it too. A phrase typed once in
 * base64's letters can pass: these checks catch the placeholders and patterns, not every human choice.
 */
export function weakSecretReason(text: string, bytes: Buffer): string | null {
  const lower = text.toLowerCase();
  const word = PLACEHOLDER_WORDS.find((placeholder) => lower.includes(placeholder));
  if (word) return `holds the placeholder word "${word}"`;
  if (repeatsABlock(text, REPEATED_BLOCK_CHARACTERS)) return `repeats a block of ${REPEATED_BLOCK_CHARACTERS} characters`;
  const distinct = new Set(bytes).size;
  if (distinct < Math.min(bytes.length, 256) / 2) return `has ${distinct} distinct bytes in ${bytes.length}, too few for random bytes`;
  if (deflateRawSync(bytes, { level: 9 }).length < bytes.length * 0.9) return 'repeats itself (it compresses), as random bytes never do';
  return null;
}

/** The form PUBLIC_URL must have in production: https, a host, an optional path; nothing else. */
function publicUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an address';
  }
  if (url.protocol !== 'https:') return 'must be an https:// address in production';
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password';
  if (value.includes('?') || value.includes('#')) return 'must not hold a query (?) or a fragment (#)';
  if (url.hostname === '') return 'must name a host';
  return null;
}

/** Production refuses to start without what only a real deployment can supply. */
function checkProduction(env: NodeJS.ProcessEnv, options: ServerOptions) {
  if (!options.serverSecret) throw new ConfigError('SERVER_SECRET is required in production (openssl rand -base64 32)');
  const weakness = weakSecretReason(env.SERVER_SECRET ?? '', options.serverSecret);
  if (weakness) throw new ConfigError(`SERVER_SECRET ${weakness}: use 32 random bytes (openssl rand -base64 32)`);
  if (options.recaptcha.method !== 'recaptcha_v3') {
    throw new ConfigError('RECAPTCHA_METHOD must be recaptcha_v3 in production (the dummy captcha lets any script through)');
  }
  if (!options.recaptcha.siteKey) throw new ConfigError('RECAPTCHA_SITE_KEY is required in production');
  if (!options.recaptcha.secret) throw new ConfigError('RECAPTCHA_SECRET is required in production');
  if (!env.PUBLIC_URL) throw new ConfigError('PUBLIC_URL is required in production (the https:// address borrowers use)');
  const publicUrlIssue = publicUrlProblem(env.PUBLIC_URL);
  if (publicUrlIssue) throw new ConfigError(`PUBLIC_URL ${publicUrlIssue} (a bare origin such as https://portal.example.com, with an optional path)`);
  if (!options.smtpUrl) throw new ConfigError('SMTP_URL is required in production (reset and verification emails must go out)');
  if (!/^smtps?:$/.test(protocolOf(options.smtpUrl))) {
    // the address is not quoted: it may carry the mail server's password
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// address');
  }
}

function protocolOf(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

/** The demo servicer's help line (a 555 number and an .example address: obviously not real). */
export const DEFAULT_HELP: HelpContact = {
  phone: '1-800-555-0100',
  // null: the catalog's default hours, in the page's language (server.footer.defaultHours)
  hours: null,
  email: 'help@loanmanager.example',
};

/** DATABASE_URL: only a postgres:// (or postgresql://) address; anything else is a typo, not SQLite. */
function databaseUrlOf(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  // The address is not quoted: it may carry the database password.
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.pathname.length < 2) {
    throw new ConfigError('DATABASE_URL must be a postgres://user:password@host:port/database address');
  }
  return value;
}

/** The defaults, overridable from the environment (documented in docs/server.md). */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const { port, host } = listenAddressFromEnv(env);
  const production = env.NODE_ENV === 'production';
  const linkHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const publicUrl = env.PUBLIC_URL || `http://${linkHost.includes(':') ? `[${linkHost}]` : linkHost}:${port}`;
  if (env.PUBLIC_URL) {
    try {
      new URL(publicUrl);
    } catch {
      throw new ConfigError(`PUBLIC_URL is not an address: ${env.PUBLIC_URL}`);
    }
  }
  const options: ServerOptions = {
    databasePath: path.resolve(env.DATABASE_PATH || path.join(repoRoot, 'var', 'loanmanager.sqlite')),
    databaseUrl: databaseUrlOf(env.DATABASE_URL),
    databasePoolSize: positiveInteger(env, 'DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE),
    staticDir: path.join(repoRoot, 'dist', 'static'),
    disclosuresPath: path.join(repoRoot, 'server', 'content', 'disclosures.html'),
    production,
    recaptcha: {
      method: recaptchaMethodOf(env.RECAPTCHA_METHOD),
      siteKey: env.RECAPTCHA_SITE_KEY || null,
      secret: env.RECAPTCHA_SECRET || null,
    },
    recordActions: env.RECORD_ACTIONS === '1',
    errorReportingDsn: errorReportingDsnOf(env.ERROR_REPORTING_DSN),
    taxSeason: flag(env.TAX_SEASON),
    rateLimitMax: positiveInteger(env, 'RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT_MAX),
    routeRateLimitMax: positiveInteger(env, 'ROUTE_RATE_LIMIT_MAX', DEFAULT_ROUTE_RATE_LIMIT_MAX),
    staticRateLimitMax: DEFAULT_STATIC_RATE_LIMIT_MAX,
    loginFailuresMax: LOGIN_LOCKOUT.failures,
    loginLockoutMinutes: LOGIN_LOCKOUT.minutes,
    apiTokenDays: positiveInteger(env, 'API_TOKEN_DAYS', DEFAULT_API_TOKEN_DAYS),
    sessionIdleMinutes: sessionIdleMinutesOf(env),
    scryptN: DEFAULT_SCRYPT_N,
    passwordHashing: {
      threads: positiveInteger(env, 'PASSWORD_HASH_THREADS', DEFAULT_PASSWORD_HASHING.threads),
      queue: positiveInteger(env, 'PASSWORD_HASH_QUEUE', DEFAULT_PASSWORD_HASHING.queue),
      perClient: positiveInteger(env, 'PASSWORD_HASH_QUEUE_PER_CLIENT', DEFAULT_PASSWORD_HASHING.perClient),
    },
    requestTimeoutMs: TIMEOUTS.requestMs,
    headersTimeoutMs: TIMEOUTS.headersMs,
    keepAliveTimeoutMs: TIMEOUTS.keepAliveMs,
    serverSecret: secretOf(env, 'SERVER_SECRET'),
    previousServerSecret: secretOf(env, 'SERVER_SECRET_PREVIOUS'),
    help: {
      phone: env.HELP_PHONE || DEFAULT_HELP.phone,
      hours: env.HELP_HOURS || DEFAULT_HELP.hours,
      email: env.HELP_EMAIL || DEFAULT_HELP.email,
    },
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Loan Manager <no-reply@loanmanager.example>',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    clientIpv6Prefix: clientIpv6PrefixOf(env),
    instanceId: instanceIdOf(env.INSTANCE_ID),
    mailDelivery: {
      ...DEFAULT_MAIL_DELIVERY,
      retryMaxMs: positiveInteger(env, 'MAIL_RETRY_MAX_MINUTES', DEFAULT_MAIL_DELIVERY.retryMaxMs / 60_000) * 60_000,
    },
    allowedOrigins: originsOf(env.ALLOWED_ORIGINS),
    // Production starts empty unless demo data is asked for by name; development seeds unless told not to.
    passkeys: env.PASSKEYS !== '0',
    seedDemoData: production ? env.SEED_DEMO_DATA === '1' : env.SEED_DEMO_DATA !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    metricsPort: metricsPortOf(env.METRICS_PORT),
    metricsHost: env.METRICS_HOST || DEFAULT_HOST,
    now: () => new Date(),
  };
  if (production) checkProduction(env, options);
  return options;
}
