/** Popups seen (per session or token) and dismissed, in SQLite. */
import type { Database } from 'better-sqlite3';
import { historyOf, type PopupsStore } from '../store';

export function sqlitePopups(db: Database): PopupsStore {
  return {
    async markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number) {
      db
        .prepare(
          `INSERT INTO popup_seen (session_key, user_id, popup_id, seen_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (session_key, popup_id) DO NOTHING`,
        )
        .run(sessionKey, userId, popupId, now);
    },

    async dismissPopup(userId: number, popupId: string, now: number) {
      db
        .prepare(
          `INSERT INTO popup_dismissed (user_id, popup_id, dismissed_at) VALUES (?, ?, ?)
           ON CONFLICT (user_id, popup_id) DO UPDATE SET dismissed_at = excluded.dismissed_at`,
        )
        .run(userId, popupId, now);
    },

    async popupHistory(sessionKey: string, userId: number) {
      const rows = db
        .prepare(
          `SELECT popup_id, NULL AS dismissed_at FROM popup_seen WHERE session_key = ?
           UNION ALL SELECT popup_id, dismissed_at FROM popup_dismissed WHERE user_id = ?`,
        )
        .all(sessionKey, userId) as Array<{ popup_id: string; dismissed_at: number | null }>;
      return historyOf(rows);
    },
  };
}
