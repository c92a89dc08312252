/**
 * The counters of `@fastify/rate-limit` in the database instead of each process's memory, so
 * several instances behind one load balancer count every request alike: a client cannot get
 * N times the limit by landing on N instances.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitStore } from './db/store';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** A store class for the plugin's `store` option, counting through `counters` on the server's clock. */
export function databaseRateLimitStore(counters: RateLimitStore, nowMs: () => number): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Routes with a limit of their own count apart (as the plugin's own stores do): their key starts with the route. */
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly keyPrefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      const now = nowMs();
      counters.countRequest(this.keyPrefix + key, timeWindow, now).then(
        ({ count, windowEndsAt }) => callback(null, { current: count, ttl: Math.max(0, windowEndsAt - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error('rate-limit store failed')),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: unknown; url?: unknown } }) {
      const route = routeOptions.routeInfo ?? {};
      return new DatabaseRateLimitStore(routeOptions as FastifyRateLimitOptions, `${this.keyPrefix}${String(route.method)} ${String(route.url)}|`);
    }
  }
  return DatabaseRateLimitStore;
}
