/**
 * The server's pino logger. Sensitive values never reach a log line: every key of the portal's one
 * list of sensitive keys (src/platform/redaction.ts) is censored wherever it appears in a logged
 * object, and request URLs are logged with their secrets masked (the nonce of a reset link,
 * ?nonce=, ?email_address=).
 */
import type { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import { REDACTED, isSensitiveKey, redact, redactUrl } from '../../src/platform/redaction';

/** The nonce is the path segment after reset_password/, the token the one after restore_email/. */
export function redactRequestUrl(url: string): string {
  // nothing to mask without a query or a reset link (most requests): no regular expression run
  let redacted = url.includes('?') ? redactUrl(url) : url;
  if (redacted.includes('/reset_password/')) redacted = redacted.replace(/(\/reset_password\/)[^/?#]+/, `$1${REDACTED}`);
  if (redacted.includes('/restore_email/')) redacted = redacted.replace(/(\/restore_email\/)[^/?#]+/, `$1${REDACTED}`);
  if (redacted.includes('email_address=')) redacted = redacted.replace(/([?&]email_address=)[^&#]*/, `$1${REDACTED}`);
  return redacted;
}

/** Keys whose values pino runs through a serializer below; the serializer redacts its own output. */
const SERIALIZED_KEYS: ReadonlySet<string> = new Set(['req', 'res', 'err']);

/**
 * A log line's object with every sensitive key's value censored, at any depth and in any case
 * (the one list of src/platform/redaction.ts), and secrets masked in URL-like strings. Values under
 * `req`, `res` and `err` are left to their serializers, which redact what they keep.
 *
 * pino's own `redact` option did this before, with one path per key and depth (4 × 17 paths, and
 * only to three levels down): its redactor parses every path and walks the object once per path
 * on every line, which cost more than a tenth of a signed-in request's CPU. One walk over the
 * (small) object does the same, deeper and case-insensitively.
 */
function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (SERIALIZED_KEYS.has(key)) copy[key] = value;
    else copy[key] = isSensitiveKey(key) && value !== undefined && value !== '' ? REDACTED : redact(value);
  }
  return copy;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
}

export function createLogger(options: { level: string; stream?: Writable; instance?: string }): Logger {
  const logger = pino(
    {
      level: options.level,
      // which instance answered, when several run behind one load balancer
      ...(options.instance ? { base: { instance: options.instance } } : {}),
      formatters: {
        log: redactLogObject,
        // the base bindings; a child's go through `child` below (pino skips this formatter for children)
        bindings: redactLogObject,
      },
      hooks: {
        // values interpolated into a message (`log.info('%o', value)`) are redacted like the rest
        logMethod(args, method) {
          const message = args.findIndex((arg) => typeof arg === 'string');
          if (message < 0 || message === args.length - 1) return method.apply(this, args);
          const redacted = args.map((arg, index) => (index > message ? redact(arg) : arg));
          return method.apply(this, redacted as Parameters<typeof method>);
        },
      },
      serializers: {
        // what `redact` would do to these four strings, without its generic walk (every request logs one):
        // the URL's secrets masked; the Host header, which the client writes, masked like any URL-like string
        req: (req: RequestLike) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactRequestUrl(req.url),
          host: req.host === undefined ? undefined : redact(req.host),
          remoteAddress: req.ip,
        }),
        // fastify's own, which would otherwise apply: the status only
        res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
        err: (error: Error) => redact(pino.stdSerializers.err(error)),
      },
    },
    // Standard output, written synchronously as process.stdout is (a file or a pipe), line by line, but
    // straight to the descriptor: process.stdout is a Writable stream, whose machinery cost a few per
    // cent of a request's CPU for nothing (one access-log line per request).
    options.stream ?? pino.destination({ dest: 1, sync: true }),
  );
  // A child logger's bindings (fastify's reqId, or whatever a module binds) are written on every
  // line it logs: they are redacted once, when the child is made. Children inherit this method.
  const makeChild = logger.child;
  logger.child = function redactedChild(this: Logger, bindings, childOptions) {
    return makeChild.call(this, redactLogObject(bindings), childOptions);
  } as typeof logger.child;
  return logger;
}

/**
 * The access log: **one line per request**, written when its answer has gone out ("request completed":
 * method, URL with its secrets masked, host, client address, status, response time, request id). fastify's
 * default writes two lines, one on arrival and one on completion; every line costs a redaction walk, a JSON
 * serialisation and a write, and on the signed-in hot path the pair was a tenth of a request's CPU.
 *
 * What the first line gave is kept another way: the arrival is still logged at `debug` (LOG_LEVEL=debug
 * shows both lines, as before), and a request that never completes is logged when its client goes away
 * ("request aborted", with its request; fastify's `onRequestAbort`, registered in server/http/app.ts) or when
 * Node cuts it off (the 408 and 431 of `clientErrorHandler`, which never reach fastify).
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** fastify's `onRequestAbort` hook: the line of a request whose client left before its answer. */
export function logAbortedRequest(request: FastifyRequest): void {
  request.log.info({ req: request }, 'request aborted');
}
