/** The request counters of the rate limits, in PostgreSQL: one atomic upsert per count, so
 * requests counted by several instances at once all land. */
import type { Pool } from 'pg';
import type { RateLimitStore } from '../store';
import { preparedRows } from './queries';

export function pgRateLimits(pool: Pool): RateLimitStore {
  let lastSweep = 0;
  return {
    async countRequests(key: string, requests: number, windowMs: number, now: number) {
      const [row] = await preparedRows<{ count: number; window_ends_at: number }>(
        pool,
        'count-requests',
        `INSERT INTO rate_limits (key, count, window_ends_at) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_ends_at <= $4 THEN excluded.count ELSE rate_limits.count + excluded.count END,
           window_ends_at = CASE WHEN rate_limits.window_ends_at <= $4
             THEN excluded.window_ends_at ELSE rate_limits.window_ends_at END
         RETURNING count, window_ends_at`,
        [key, requests, now + windowMs, now],
      );
      // Ended windows are swept at most once a window per instance, not on every request.
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await pool.query('DELETE FROM rate_limits WHERE window_ends_at <= $1', [now]);
      }
      return { count: row!.count, windowEndsAt: row!.window_ends_at };
    },
  };
}
