/**
 * Logging and error reporting. Without a DSN nothing leaves the browser; with one, Sentry is
 * loaded on demand and every event and breadcrumb passes through the redaction module first.
 */
import type { PortalConfig } from './config';
import { redact, redactUrl } from './redaction';

export interface ErrorReporter {
  /** An unexpected failure: logged (redacted) and, when configured, reported. */
  report(error: unknown, context?: Record<string, unknown>): void;
  /** An expected failure the spec says is "only logged". */
  log(message: string, context?: Record<string, unknown>): void;
}

type SentryModule = typeof import('@sentry/browser');

/** Strips every sensitive value from a Sentry event or breadcrumb. Exported for tests. */
export function scrubEvent<T extends object>(event: T): T {
  const scrubbed = redact(event) as T & { request?: { url?: string; query_string?: unknown } };
  if (scrubbed.request?.url) scrubbed.request.url = redactUrl(scrubbed.request.url);
  if (typeof scrubbed.request?.query_string === 'string') {
    scrubbed.request.query_string = redactUrl(`?${scrubbed.request.query_string}`).slice(1);
  }
  return scrubbed;
}

export function createErrorReporter(
  config: Pick<PortalConfig, 'errorReporting'>,
  loadSentry: () => Promise<SentryModule> = () => import(/* webpackChunkName: "sentry" */ '@sentry/browser'),
): ErrorReporter {
  let sentry: Promise<SentryModule | null> = Promise.resolve(null);
  const { dsn, sampleRate } = config.errorReporting;
  if (dsn) {
    sentry = loadSentry()
      .then((Sentry) => {
        Sentry.init({
          dsn,
          sampleRate,
          beforeSend: (event) => scrubEvent(event),
          beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
        });
        return Sentry;
      })
      .catch(() => null);
  }
  return {
    report(error, context) {
      const safeContext = context ? redact(context) : undefined;
      console.error('[loanmanager]', error instanceof Error ? error.message : redact(error), safeContext ?? '');
      void sentry.then((Sentry) => Sentry?.captureException(error, { extra: safeContext }));
    },
    log(message, context) {
      console.error('[loanmanager]', message, context ? redact(context) : '');
    },
  };
}
