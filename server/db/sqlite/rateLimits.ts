/** The request counters of the rate limits, in SQLite. */
import type { Database } from 'better-sqlite3';
import type { RateLimitStore } from '../store';

export function sqliteRateLimits(db: Database): RateLimitStore {
  let lastSweep = 0;
  return {
    async countRequests(key: string, requests: number, windowMs: number, now: number) {
      const row = db
        .prepare(
          `INSERT INTO rate_limits (key, count, window_ends_at) VALUES (?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN rate_limits.window_ends_at <= ? THEN excluded.count ELSE rate_limits.count + excluded.count END,
             window_ends_at = CASE WHEN rate_limits.window_ends_at <= ?
               THEN excluded.window_ends_at ELSE rate_limits.window_ends_at END
           RETURNING count, window_ends_at`,
        )
        .get(key, requests, now + windowMs, now, now) as { count: number; window_ends_at: number };
      // Ended windows are swept at most once a window, not on every request.
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        db.prepare('DELETE FROM rate_limits WHERE window_ends_at <= ?').run(now);
      }
      return { count: row.count, windowEndsAt: row.window_ends_at };
    },
  };
}
