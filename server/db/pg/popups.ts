/** Popups seen (per session or token) and dismissed, in PostgreSQL. */
import type { Pool } from 'pg';
import { historyOf, type PopupsStore } from '../store';
import { preparedRows } from './queries';

export function pgPopups(pool: Pool): PopupsStore {
  return {
    async markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number) {
      await pool.query(
        `INSERT INTO popup_seen (session_key, user_id, popup_id, seen_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (session_key, popup_id) DO NOTHING`,
        [sessionKey, userId, popupId, now],
      );
    },

    async dismissPopup(userId: number, popupId: string, now: number) {
      await pool.query(
        `INSERT INTO popup_dismissed (user_id, popup_id, dismissed_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, popup_id) DO UPDATE SET dismissed_at = excluded.dismissed_at`,
        [userId, popupId, now],
      );
    },

    async popupHistory(sessionKey: string, userId: number) {
      // BIGINT arrives as a string
      const found = await preparedRows<{ popup_id: string; dismissed_at: string | null }>(
        pool,
        'popup-history',
        `SELECT popup_id, NULL::BIGINT AS dismissed_at FROM popup_seen WHERE session_key = $1
         UNION ALL SELECT popup_id, dismissed_at FROM popup_dismissed WHERE user_id = $2`,
        [sessionKey, userId],
      );
      return historyOf(found.map((row) => ({ popup_id: row.popup_id, dismissed_at: row.dismissed_at === null ? null : Number(row.dismissed_at) })));
    },
  };
}
