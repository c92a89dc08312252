/**
 * Everything the server can be told, read once from the environment. Tests build these
 * options directly instead of touching process.env.
 */
import path from 'node:path';
import type { Writable } from 'node:stream';

export type RecaptchaMethod = 'dummy' | 'recaptcha_v3';

export interface ServerOptions {
  /** SQLite file; created with its folder when missing. */
  databasePath: string;
  /** The webpack output (`dist/static`), served under /loanmanager/static/. */
  staticDir: string;
  /** Files of the server itself (the leaf image), served after staticDir. */
  fallbackStaticDir: string;
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
  /** Absolute base of links in emails, e.g. https://portal.example.com (no trailing slash). */
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Trust X-Forwarded-For for the client address (only behind a proxy you control). */
  trustProxy: boolean;
  /** Seed the demo borrowers into a freshly created database. */
  seedDemoData: boolean;
  logLevel: string;
  /** Where logs go; stdout when absent. */
  logStream?: Writable;
  /** The clock; tests move it to expire nonces and sessions. */
  now: () => Date;
}

const repoRoot = path.resolve(__dirname, '..');

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_RATE_LIMIT_MAX = 30;

function flag(value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  return value === '1' || value.toLowerCase() === 'true';
}

export function recaptchaMethodOf(value: string | undefined): RecaptchaMethod {
  const method = value && value !== '' ? value : 'dummy';
  if (method !== 'dummy' && method !== 'recaptcha_v3') {
    throw new Error(`RECAPTCHA_METHOD must be dummy or recaptcha_v3, not ${method}`);
  }
  return method;
}

/** The DSN must be an https address (a typo here would silently report nothing). */
export function errorReportingDsnOf(value: string | undefined): string | null {
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

export function listenAddressFromEnv(env: NodeJS.ProcessEnv = process.env): { port: number; host: string } {
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  return { port, host: env.HOST || DEFAULT_HOST };
}

/** The defaults, overridable from the environment (documented in server/README-section.md). */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const { port, host } = listenAddressFromEnv(env);
  const rateLimitMax = env.RATE_LIMIT_MAX ? Number(env.RATE_LIMIT_MAX) : DEFAULT_RATE_LIMIT_MAX;
  if (!Number.isInteger(rateLimitMax) || rateLimitMax < 1) {
    throw new Error(`RATE_LIMIT_MAX must be a positive whole number, not ${env.RATE_LIMIT_MAX}`);
  }
  const linkHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    databasePath: path.resolve(env.DATABASE_PATH || path.join(repoRoot, 'var', 'loanmanager.sqlite')),
    staticDir: path.join(repoRoot, 'dist', 'static'),
    fallbackStaticDir: path.join(repoRoot, 'server', 'static'),
    disclosuresPath: path.join(repoRoot, 'server', 'content', 'disclosures.html'),
    production: env.NODE_ENV === 'production',
    recaptcha: {
      method: recaptchaMethodOf(env.RECAPTCHA_METHOD),
      siteKey: env.RECAPTCHA_SITE_KEY || null,
      secret: env.RECAPTCHA_SECRET || null,
    },
    recordActions: env.RECORD_ACTIONS === '1',
    errorReportingDsn: errorReportingDsnOf(env.ERROR_REPORTING_DSN),
    taxSeason: flag(env.TAX_SEASON),
    rateLimitMax,
    publicUrl: (env.PUBLIC_URL || `http://${linkHost.includes(':') ? `[${linkHost}]` : linkHost}:${port}`).replace(
      /\/+$/,
      '',
    ),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Loan Manager <no-reply@loanmanager.example>',
    trustProxy: env.TRUST_PROXY === '1',
    seedDemoData: env.SEED_DEMO_DATA !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    now: () => new Date(),
  };
}
