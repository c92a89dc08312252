/**
 * The server's pino logger. Sensitive values never reach a log line: the redaction paths come
 * from the portal's one list of sensitive keys (src/platform/redaction.ts), and request URLs are
 * logged with their secrets masked (the nonce of a reset link, ?nonce=, ?email_address=).
 */
import type { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { REDACTED, SENSITIVE_KEYS, redactUrl } from '../src/platform/redaction';

/** The nonce is the path segment after reset_password/. */
export function redactRequestUrl(url: string): string {
  return redactUrl(url)
    .replace(/(\/reset_password\/)[^/?#]+/, `$1${REDACTED}`)
    .replace(/([?&]email_address=)[^&#]*/, `$1${REDACTED}`);
}

const property = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/** Every sensitive key, at the top level and up to three levels deep, plus the header names. */
export function redactionPaths(): string[] {
  const paths: string[] = [];
  for (const key of SENSITIVE_KEYS) {
    const tail = property(key);
    paths.push(tail.startsWith('.') ? key : tail, `*${tail}`, `*.*${tail}`, `*.*.*${tail}`);
  }
  paths.push('req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrftoken"]', 'res.headers["set-cookie"]');
  return paths;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
}

export function createLogger(options: { level: string; stream?: Writable; instance?: string }): Logger {
  return pino(
    {
      level: options.level,
      // which instance answered, when several run behind one load balancer
      ...(options.instance ? { base: { instance: options.instance } } : {}),
      redact: { paths: redactionPaths(), censor: REDACTED },
      serializers: {
        req: (req: RequestLike) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactRequestUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
        err: pino.stdSerializers.err,
      },
    },
    options.stream ?? process.stdout,
  );
}
