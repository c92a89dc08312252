/**
 * The reference server of the /loanmanager/ portal: `buildServer` wires the database, mail,
 * sessions, CSRF, security headers, static files, pages and the API into one fastify instance.
 * It does not listen; server/main.ts does, and tests use `inject` or listen on port 0.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import http from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import path from 'node:path';
import { createCaptchaVerifier, type CaptchaVerifier } from '../auth/captcha';
import type { RenderPortalPage } from '../../src/platform/renderProtocol';
import { optionsFromEnv, type ServerOptions } from '../config';
import { API_PREFIX, HttpError, sendJson, type PortalContext } from './context';
import { openRepositories } from '../db/open';
import { seedDemoData } from '../db/seed';
import type { Locale } from '../../src/platform/i18n/locales';
import { localText, textIn, type LocalText } from './i18n';
import { apiLocale, registerLocaleHooks, requestLocale } from './locale';
import { AccessLog, createLogger, logAbortedRequest } from './logger';
import { HOLD_EARLY_SUBMITS_CSP } from '../pages/html';
import { createMailer, type Mailer, type MailTransport } from '../mail/mail';
import { registerMetrics } from './metrics';
import { ClientGoneError, configurePasswordHashing, HASHING_RETRY_AFTER_SECONDS, HashingBusyError } from '../auth/passwordHashing';
import { developmentSecret, generateSecret, parseSecret, serverKeys } from '../auth/secrets';
import { accountRoutes } from '../routes/account';
import { declareRouteContracts } from '../routes/declarations';
import { devOutboxRoutes } from '../routes/devOutbox';
import { goGreenRoutes } from '../routes/goGreen';
import { healthRoutes } from '../routes/health';
import { apiDescriptionRoute, registerApiDescription } from '../routes/openapi';
import { notFoundPage, pageRoutes, sendHtml } from '../routes/pages';
import { passkeyRoutes } from '../routes/passkeys';
import { userRoutes } from '../routes/user';
import { databaseRateLimitStore } from '../auth/rateLimitStore';
import { clientKeyOf } from './clientKey';
import { normalisedPath, registerAuthHooks } from '../auth/sessions';

/** Request bodies above this size are refused with 413. */
const BODY_LIMIT = 16 * 1024;
const LOADER_FILE = 'loanmanager-widgets.js';
const STATIC_PREFIX = '/loanmanager/static/';
const isStaticFile = (request: FastifyRequest) => request.routeOptions.url?.startsWith(STATIC_PREFIX) === true;
/** webpack's [contenthash:10] names, with their source maps and licence files */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map|\.LICENSE\.txt)?$/;

export interface BuildOptions extends Partial<ServerOptions> {
  databasePath: string;
  /** Replaces the captcha check (tests of the recaptcha_v3 path). */
  captcha?: CaptchaVerifier;
  /** Replaces the SMTP transport (tests of delivery). */
  mailTransport?: MailTransport;
  /** Replaces the build's render file (`dist/ssr/render.js`): tests draw with src/ssrEntry.tsx itself. */
  serverRender?: RenderPortalPage;
  /** false: signed-out pages are drawn afresh for every request (the reference a test compares the kept ones with). */
  keepPages?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as fastify saw it (method and pattern): the security suite's list. */
    portalRoutes: Array<{ method: string; url: string }>;
    /** The outbox and its delivery worker (tests run a worker pass with `deliverDue`). */
    mailer: Mailer;
  }
}

/** How often Node looks for requests over their time (requestTimeout, headersTimeout). */
const CONNECTIONS_CHECK_MS = 1000;

/** Headers of every answer, including those written before fastify has a request (431, 408). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    // The emailed reset and verify links carry their nonce in the address: no request, not even
    // one to this origin, passes the address on.
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** The secret this server keys and seals with: SERVER_SECRET, or in development one kept in the database's folder. */
function resolveSecret(options: ServerOptions): Buffer {
  if (options.serverSecret) return options.serverSecret;
  if (options.production) throw new Error('SERVER_SECRET is required in production');
  if (options.databasePath === ':memory:') return parseSecret(generateSecret())!;
  return developmentSecret(path.dirname(options.databasePath));
}

/** Content-Security-Policy: scripts only from this origin (plus Google's when reCAPTCHA v3 is on), and
 * the one inline script by its hash (server/pages/html.ts `HOLD_EARLY_SUBMITS_SCRIPT`).
 * The config block is `application/json`, which CSP does not treat as script. antd injects
 * <style> elements, hence 'unsafe-inline' for styles only. */
function contentSecurityPolicy(options: Pick<ServerOptions, 'recaptcha' | 'errorReportingDsn'>): string {
  const google = options.recaptcha.method === 'recaptcha_v3';
  const scripts = google ? " https://www.google.com https://www.gstatic.com" : '';
  const connect = [
    ...(google ? ['https://www.google.com'] : []),
    // Sentry sends its reports to the DSN's host.
    ...(options.errorReportingDsn ? [new URL(options.errorReportingDsn).origin] : []),
  ];
  return [
    "default-src 'self'",
    `script-src 'self' ${HOLD_EARLY_SUBMITS_CSP}${scripts}`,
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

/**
 * Answers refused before a handler ran. Only the ones a borrower can meet through the widgets are
 * translated (the 429 of the rate limits, and the 500): the others answer requests the widgets
 * never send (a malformed body, a wrong method or content type), for the developer of an API
 * client, in English; the raw socket answers (408, 431) have no request to take a language from.
 */
const FALLBACK_ERRORS: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  408: 'Request timeout: the request did not arrive in time',
  405: 'Method not allowed',
  413: 'Request body too large',
  414: 'Request address too long',
  415: 'Unsupported content type: send application/json',
  429: 'Too many requests. Please wait a minute and try again.',
  431: 'Request header fields too large',
};

/** An error body with its error list in `locale` (routes throw catalog texts as LocalText, server/http/i18n.ts). */
function inLocale(body: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  if (!Array.isArray(body.errors)) return body;
  return { ...body, errors: (body.errors as Array<string | LocalText>).map((entry) => textIn(locale, entry)) };
}

/** Answers written straight to the socket (Node refused the request before fastify saw it), in the
 * same JSON shape and with the same headers as every other error. */
function writeRawError(socket: Socket, statusCode: number, headers: Record<string, string>) {
  const body = JSON.stringify({ errors: [FALLBACK_ERRORS[statusCode] ?? 'Bad request'] });
  const lines = [
    `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

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
  const logger = createLogger({
    level: options.logLevel,
    instance: options.instanceId,
    ...(options.logStream ? { stream: options.logStream } : {}),
  });
  const csp = contentSecurityPolicy(options);
  const headers = securityHeaders(csp);
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // one access-log line per request, on completion (server/http/logger.ts)
    logController: new AccessLog(),
    bodyLimit: BODY_LIMIT,
    // fastify takes a hop count too, but its types do not: the same rule as a function
    trustProxy:
      typeof options.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(options.trustProxy)
        : options.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
    // A request must arrive whole in time: a client that sends its body slowly (or never) is cut
    // off, so it cannot hold connections open for good. Node checks every second.
    requestTimeout: options.requestTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs,
    // A silent socket's own end, after the checks above have had two rounds to answer it with a 408:
    // at twice the request time alone, a check falling just before it lost the race (a short
    // REQUEST_TIMEOUT_MS, a busy machine) and the socket closed without a word.
    connectionTimeout: options.requestTimeoutMs * 2 + 2 * CONNECTIONS_CHECK_MS,
    http: {
      headersTimeout: Math.min(options.headersTimeoutMs, options.requestTimeoutMs),
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const statusCode =
        error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      logger.info({ code: error.code, statusCode }, 'request refused before routing');
      if (socket.writable) writeRawError(socket, statusCode, headers);
      else socket.destroy();
    },
    frameworkErrors(error, request, reply) {
      const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      request.log.info({ code: error.code, statusCode }, 'request refused');
      void reply.headers(headers);
      return sendJson(reply, statusCode, { errors: [FALLBACK_ERRORS[statusCode] ?? 'Bad request'] });
    },
  });
  // the access log's line for a request whose client left before its answer (it has no "request completed")
  app.addHook('onRequestAbort', (request, done) => {
    logAbortedRequest(request);
    done();
  });
  app.decorate('portalRoutes', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.portalRoutes.push({ method, url: route.url });
  });

  configurePasswordHashing(options.passwordHashing);
  const keys = serverKeys(resolveSecret(options), options.previousServerSecret);
  const store = await openRepositories({
    databaseUrl: options.databaseUrl,
    databasePath: options.databasePath,
    poolSize: options.databasePoolSize,
    identity: keys.identity,
    lockout: { failures: options.loginFailuresMax, windowMs: options.loginLockoutMinutes * 60_000 },
  });
  const nowMs = () => options.now().getTime();
  if (store.createdFresh && options.seedDemoData) {
    await seedDemoData(store, {
      now: nowMs(),
      scryptN: options.scryptN,
      withDemoToken: !options.production,
      apiTokenDays: options.apiTokenDays,
    });
  }
  const mailer = createMailer({
    store,
    smtpUrl: options.smtpUrl,
    ...(overrides.mailTransport ? { transport: overrides.mailTransport } : {}),
    from: options.mailFrom,
    now: options.now,
    log: app.log,
    cipher: options.production ? keys.mail : null,
    delivery: { ...options.mailDelivery, instanceId: options.instanceId },
  });
  app.decorate('mailer', mailer);
  const ctx: PortalContext = {
    options,
    store,
    mailer,
    captcha: overrides.captcha ?? createCaptchaVerifier(options.recaptcha),
    nowMs,
    allowedOrigins: new Set([new URL(options.publicUrl).origin, ...options.allowedOrigins]),
  };
  app.addHook('onClose', async () => {
    await mailer.close();
    await store.close();
  });
  await registerMetrics(app, ctx);

  // set up once, applied by one synchronous hook (no promise per request)
  const headersWithHsts = { ...headers, 'strict-transport-security': HSTS };
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol is https only when the socket is TLS or, with TRUST_PROXY, the proxy says so
    reply.headers(request.protocol === 'https' ? headersWithHsts : headers);
    done();
  });

  await app.register(fastifyCookie);
  registerAuthHooks(app, ctx);
  registerLocaleHooks(app, ctx);
  await app.register(fastifyRateLimit, {
    global: true,
    // after the auth hook: a signed-in borrower is counted by account, anyone else by address
    hook: 'preHandler',
    store: databaseRateLimitStore(store, nowMs),
    timeWindow: 60_000,
    max: (request) => (isStaticFile(request) ? options.staticRateLimitMax : options.routeRateLimitMax),
    // an address counts as its client's: IPv4 by address, IPv6 by network (server/http/clientKey.ts)
    keyGenerator: (request) =>
      isStaticFile(request)
        ? `static:${clientKeyOf(request.ip, options.clientIpv6Prefix)}`
        : request.auth
          ? `user:${request.auth.userId}`
          : `ip:${clientKeyOf(request.ip, options.clientIpv6Prefix)}`,
    errorResponseBuilder: (_request, context) =>
      // 'Too many requests. Please wait a minute and try again.' in the request's language (the error handler)
      HttpError.errors(context.statusCode, localText('server.error.tooManyRequests')),
  });

  // routes declare their schemas and limits (server/routes/declarations.ts), collected into the API description
  declareRouteContracts(app, ctx);
  await registerApiDescription(app);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return sendJson(reply, error.statusCode, inLocale(error.body, apiLocale(request)));
    if (error instanceof ClientGoneError) {
      // the client left before its password check (server/auth/passwordHashing.ts): nothing was done, no one reads this
      request.log.info('client gone before its password check: dropped');
      return sendJson(reply, 503, { errors: [textIn(apiLocale(request), localText('server.error.busy'))] });
    }
    if (error instanceof HashingBusyError) {
      // every hashing thread is busy and its queue full (server/auth/passwordHashing.ts): come back shortly
      request.log.warn('password hashing busy: request refused');
      void reply.header('retry-after', String(HASHING_RETRY_AFTER_SECONDS));
      return sendJson(reply, 503, { errors: [textIn(apiLocale(request), localText('server.error.busy'))] });
    }
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendJson(reply, 500, { errors: [textIn(apiLocale(request), localText('server.error.unexpected'))] });
    }
    request.log.info({ code: error.code, statusCode }, 'request refused');
    return sendJson(reply, statusCode, { errors: [clientErrorMessage(error, statusCode)] });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const decoded = normalisedPath(request.url) ?? '';
    if (decoded.startsWith(API_PREFIX) || decoded === API_PREFIX.slice(0, -1)) {
      return sendJson(reply, 404, { errors: ['Not found'] });
    }
    return sendHtml(reply, 404, notFoundPage(await requestLocale(ctx, request), request));
  });

  await app.register(fastifyStatic, {
    root: options.staticDir,
    prefix: STATIC_PREFIX,
    cacheControl: false,
    index: false,
    // webpack writes .br and .gz beside every script; they go out as they are when accepted.
    preCompressed: true,
    // Source maps stay off production servers: webpack writes them hidden, for error reporting only.
    allowedPath: (pathName) => !(options.production && pathName.endsWith('.map')),
    setHeaders: (reply, filePath) => {
      const name = (filePath.split(/[\\/]/).pop() ?? '').replace(/\.(br|gz)$/, '');
      const cacheControl =
        name === LOADER_FILE
          ? 'public, max-age=60'
          : HASHED_FILE.test(name)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600';
      reply.header('cache-control', cacheControl);
      // antd's styles (public, cookieless): host pages on other origins, and checkers such as axe
      // that read a page's style sheets, may read them
      if (name.endsWith('.css')) reply.header('access-control-allow-origin', '*');
    },
  });

  healthRoutes(app, ctx);
  accountRoutes(app, ctx);
  userRoutes(app, ctx);
  passkeyRoutes(app, ctx);
  goGreenRoutes(app, ctx);
  pageRoutes(app, ctx, {
    keepPages: overrides.keepPages !== false,
    ...(overrides.serverRender ? { serverRender: overrides.serverRender } : {}),
  });
  if (!options.production) devOutboxRoutes(app, ctx);
  apiDescriptionRoute(app, ctx);

  return app;
}
