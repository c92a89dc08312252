/** Popups seen (per session or token) and dismissed (for good). */
import type { Kysely } from 'kysely';
import { compiledOnce } from '../compiled';
import type { Database } from '../schema';
import type { PopupsStore } from '../store';

export function popupsRepository(db: Kysely<Database>): PopupsStore {
  // one statement for both: the popup route asks on every page of the portal
  const hidden = compiledOnce(db, (sessionKey: string, userId: number) =>
    db
      .selectFrom('popup_seen')
      .select('popup_id')
      .where('session_key', '=', sessionKey)
      .union(db.selectFrom('popup_dismissed').select('popup_id').where('user_id', '=', userId)),
  );
  return {
    async markPopupSeen(sessionKey, userId, popupId, now) {
      await db
        .insertInto('popup_seen')
        .values({ session_key: sessionKey, user_id: userId, popup_id: popupId, seen_at: now })
        .onConflict((oc) => oc.columns(['session_key', 'popup_id']).doNothing())
        .execute();
    },

    async dismissPopup(userId, popupId, now) {
      await db
        .insertInto('popup_dismissed')
        .values({ user_id: userId, popup_id: popupId, dismissed_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'popup_id']).doNothing())
        .execute();
    },

    async hiddenPopups(sessionKey, userId) {
      const rows = await hidden(sessionKey, userId);
      return new Set(rows.map((row) => row.popup_id));
    },
  };
}
