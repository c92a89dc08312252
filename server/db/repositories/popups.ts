/** Popups seen (per session or token) and dismissed (the tax popup for good, a declined offer for a while). */
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../compiled';
import type { Database } from '../dialect';
import { historyOf, type PopupHistory } from '../records';

/** "Seen" lasts for a session (or API token); "dismissed" is the time of the latest dismissal. */
declare module '../dialect' {
  interface Database {
  popup_seen: { session_key: string; user_id: number; popup_id: string; seen_at: number };
  popup_dismissed: { user_id: number; popup_id: string; dismissed_at: number };
  }
}

export function popupsRepository(db: Kysely<Database>) {
  // one statement for both: the popup route asks on every page of the portal
  const history = compiledOnce(db, (sessionKey: string, userId: number) =>
    db
      .selectFrom('popup_seen')
      .select(['popup_id', sql<number | null>`NULL`.as('dismissed_at')])
      .where('session_key', '=', sessionKey)
      .unionAll(db.selectFrom('popup_dismissed').select(['popup_id', 'dismissed_at']).where('user_id', '=', userId)),
  );
  return {
    async markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number): Promise<void> {
      await db
        .insertInto('popup_seen')
        .values({ session_key: sessionKey, user_id: userId, popup_id: popupId, seen_at: now })
        .onConflict((oc) => oc.columns(['session_key', 'popup_id']).doNothing())
        .execute();
    },
    // a later dismissal replaces an earlier one (a declined offer's rest starts again)
    async dismissPopup(userId: number, popupId: string, now: number): Promise<void> {
      await db
        .insertInto('popup_dismissed')
        .values({ user_id: userId, popup_id: popupId, dismissed_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'popup_id']).doUpdateSet({ dismissed_at: now }))
        .execute();
    },
    /** One statement for both (the popup route asks on every page of the portal). */
    popupHistory: async (sessionKey: string, userId: number): Promise<PopupHistory> => historyOf(await history(sessionKey, userId)),
  };
}
