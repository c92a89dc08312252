/** Popups seen (per session or token) and dismissed (for good), in PostgreSQL. */
import type { Pool } from 'pg';
import type { PopupsStore } from '../store';
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
         ON CONFLICT (user_id, popup_id) DO NOTHING`,
        [userId, popupId, now],
      );
    },

    async hiddenPopups(sessionKey: string, userId: number) {
      const found = await preparedRows<{ popup_id: string }>(
        pool,
        'hidden-popups',
        'SELECT popup_id FROM popup_seen WHERE session_key = $1 UNION SELECT popup_id FROM popup_dismissed WHERE user_id = $2',
        [sessionKey, userId],
      );
      return new Set(found.map((row) => row.popup_id));
    },
  };
}
