/** The rate limits' counters: one atomic upsert per count, so requests counted by several instances at once all land. */
import type { Kysely } from 'kysely';
import { compiledOnce } from '../compiled';
import type { Database } from '../dialect';

/** One row per counted key (route and client); a window that has ended restarts the count. */
declare module '../dialect' {
  interface Database {
    rate_limits: { key: string; count: number; window_ends_at: number };
  }
}

/** The request counters of the rate limits: in the database, so every instance on it counts alike. */
export function rateLimitsRepository(db: Kysely<Database>) {
  let lastSweep = 0;
  // every request counts: compiled once
  const count = compiledOnce(db, (key: string, requests: number, windowEndsAt: number, now: number) =>
    db
      .insertInto('rate_limits')
      .values({ key, count: requests, window_ends_at: windowEndsAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limits.window_ends_at', '<=', now);
          return {
            count: eb.case().when(ended).then(eb.ref('excluded.count')).else(eb('rate_limits.count', '+', eb.ref('excluded.count'))).end(),
            window_ends_at: eb.case().when(ended).then(eb.ref('excluded.window_ends_at')).else(eb.ref('rate_limits.window_ends_at')).end(),
          };
        }),
      )
      .returning(['count', 'window_ends_at']),
  );
  return {
    /** Counts `requests` requests under `key` at once (atomically, however many instances count
     * together): the first count of a window (or the first after it ended) starts a new window of
     * `windowMs` at `requests`. Returns the count after this one, and when the window ends. */
    async countRequests(key: string, requests: number, windowMs: number, now: number): Promise<{ count: number; windowEndsAt: number }> {
      const [row] = await count(key, requests, now + windowMs, now);
      // Ended windows are swept at most once a window per instance, not on every request.
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now).execute();
      }
      return { count: Number(row!.count), windowEndsAt: Number(row!.window_ends_at) };
    },
  };
}

export type RateLimitStore = ReturnType<typeof rateLimitsRepository>;
