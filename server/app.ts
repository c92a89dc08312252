/**
 * The reference server of the /loanmanager/ portal: `buildServer` wires the database, mail,
 * sessions, CSRF, security headers, static files, pages and the API into one fastify instance.
 * It does not listen; server/main.ts does, and tests use `inject` or listen on port 0.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createCaptchaVerifier, type CaptchaVerifier } from './captcha';
import { optionsFromEnv, type ServerOptions } from './config';
import { API_PREFIX, HttpError, sendJson, type PortalContext } from './context';
import { openDatabase } from './db/database';
import { seedDemoData } from './db/seed';
import { createLogger } from './logger';
import { createMailer } from './mail';
import { accountRoutes } from './routes/account';
import { devOutboxRoutes } from './routes/devOutbox';
import { goGreenRoutes } from './routes/goGreen';
import { notFoundPage, pageRoutes, sendHtml } from './routes/pages';
import { userRoutes } from './routes/user';
import { registerAuthHooks } from './sessions';

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT = 16 * 1024;
const LOADER_FILE = 'loanmanager-widgets.js';
/** webpack's [contenthash:10] names, with their source maps and licence files */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map|\.LICENSE\.txt)?$/;

export interface BuildOptions extends Partial<ServerOptions> {
  databasePath: string;
  /** Replaces the captcha check (tests of the recaptcha_v3 path). */
  captcha?: CaptchaVerifier;
}

/** Content-Security-Policy: scripts only from this origin (plus Google's when reCAPTCHA v3 is on).
 * The config block is `application/json`, which CSP does not treat as script. antd injects
 * <style> elements, hence 'unsafe-inline' for styles only. */
export function contentSecurityPolicy(options: Pick<ServerOptions, 'recaptcha' | 'errorReportingDsn'>): string {
  const google = options.recaptcha.method === 'recaptcha_v3';
  const scripts = google ? " https://www.google.com https://www.gstatic.com" : '';
  const connect = [
    ...(google ? ['https://www.google.com'] : []),
    // Sentry sends its reports to the DSN's host.
    ...(options.errorReportingDsn ? [new URL(options.errorReportingDsn).origin] : []),
  ];
  return [
    "default-src 'self'",
    `script-src 'self'${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect].join(' '),
    `frame-src ${google ? 'https://www.google.com https://www.gstatic.com' : "'none'"}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

const FALLBACK_ERRORS: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body too large',
  415: 'Unsupported content type: send application/json',
  429: 'Too many requests. Please wait a minute and try again.',
};

/** A client's mistake gets a fixed message: fastify's own texts can quote the body (a JSON
 * syntax error shows the text around it), and bodies can hold passwords. */
function clientErrorMessage(error: FastifyError, statusCode: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Empty JSON body: send {} or no Content-Type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body too large (limit ${BODY_LIMIT} bytes)`;
    default:
      if (error instanceof SyntaxError) return 'Malformed JSON body';
      return FALLBACK_ERRORS[statusCode] ?? 'Bad request';
  }
}

export async function buildServer(overrides: BuildOptions): Promise<FastifyInstance> {
  const options: ServerOptions = { ...optionsFromEnv({}), ...overrides };
  const logger = createLogger({ level: options.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) });
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
  });

  const store = openDatabase(options.databasePath);
  const nowMs = () => options.now().getTime();
  if (store.createdFresh && options.seedDemoData) await seedDemoData(store, nowMs());
  const mailer = createMailer({ store, smtpUrl: options.smtpUrl, from: options.mailFrom, now: options.now, log: app.log });
  const ctx: PortalContext = {
    options,
    store,
    mailer,
    captcha: overrides.captcha ?? createCaptchaVerifier(options.recaptcha),
    nowMs,
  };
  app.addHook('onClose', async () => {
    await mailer.close();
    await store.close();
  });

  const csp = contentSecurityPolicy(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      // The emailed reset and verify links carry their nonce in the address: no request, not even
      // one to this origin, passes the address on.
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerAuthHooks(app, ctx);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return sendJson(reply, error.statusCode, error.body);
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendJson(reply, 500, { errors: ['Something went wrong. Please try again later.'] });
    }
    request.log.info({ code: error.code, statusCode }, 'request refused');
    return sendJson(reply, statusCode, { errors: [clientErrorMessage(error, statusCode)] });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX) || request.url === API_PREFIX.slice(0, -1)) {
      return sendJson(reply, 404, { errors: ['Not found'] });
    }
    return sendHtml(reply, 404, notFoundPage());
  });

  await app.register(fastifyStatic, {
    root: [options.staticDir, options.fallbackStaticDir],
    prefix: '/loanmanager/static/',
    cacheControl: false,
    index: false,
    // webpack writes .br and .gz beside every script; they go out as they are when accepted.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const name = (filePath.split(/[\\/]/).pop() ?? '').replace(/\.(br|gz)$/, '');
      const cacheControl =
        name === LOADER_FILE
          ? 'public, max-age=60'
          : HASHED_FILE.test(name)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600';
      reply.header('cache-control', cacheControl);
    },
  });

  accountRoutes(app, ctx);
  userRoutes(app, ctx);
  goGreenRoutes(app, ctx);
  pageRoutes(app, ctx);
  if (!options.production) devOutboxRoutes(app, ctx);

  return app;
}
