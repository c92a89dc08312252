/** The "this wasn't me" links of the notices of a replaced address: only their sha256 is stored. */
import type { Generated, Kysely } from 'kysely';
import type { Database, Db, Dialect } from '../dialect';
import type { AddressRestore } from '../records';
import { emailInUseByOtherUser, setEmailOnFile } from './accounts';

declare module '../dialect' {
  interface Database {
  address_restores: {
    id: Generated<number>; token_hash: string; user_id: number; email_address: string;
    created_at: number; expires_at: number; used_at: number | null;
  };
  }
}

/** `lock` (PostgreSQL, inside a transaction): holds the row until commit, so a second use at the same moment waits, then finds it used. */
const usableRestore = (db: Db, d: Dialect, tokenHash: string, now: number, lock = false) =>
  db
    .selectFrom('address_restores')
    .select(['id', 'user_id', 'email_address'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(lock && d.rowLocks, (query) => query.forUpdate())
    .executeTakeFirst();

export function addressRestoresRepository(db: Kysely<Database>, d: Dialect) {
  return {
    async createAddressRestore(input: { tokenHash: string; userId: number; emailAddress: string; now: number; expiresAt: number }): Promise<void> {
      await db
        .insertInto('address_restores')
        .values({
          token_hash: input.tokenHash, user_id: input.userId, email_address: input.emailAddress,
          created_at: input.now, expires_at: input.expiresAt,
        })
        .execute();
    },

    /** Whether the link can still be used (not used, not expired, not revoked). */
    addressRestoreUsable: async (tokenHash: string, now: number): Promise<boolean> => (await usableRestore(db, d, tokenHash, now)) !== undefined,

    /**
     * In one transaction: consumes the link and the links sent after it (of the changes it undoes), puts
     * its address back on file (verified: the link reached it), ends every session and API token of the
     * user, revokes every pending emailed link (reset, verification), then stores `resetNonceHash` as a
     * fresh reset link of the user, which the page goes straight to. Refused when another account has
     * taken the address since.
     */
    async restoreAddress(input: { tokenHash: string; now: number; resetNonceHash: string; resetExpiresAt: number }): Promise<AddressRestore> {
      return db.transaction().execute(async (trx): Promise<AddressRestore> => {
        const restore = await usableRestore(trx, d, input.tokenHash, input.now, true);
        if (!restore) return { ok: false, reason: 'invalid' };
        const user = await trx.selectFrom('users').select('borrower_id').where('id', '=', restore.user_id).executeTakeFirst();
        if (!user) return { ok: false, reason: 'invalid' };
        if (await emailInUseByOtherUser(trx, d, restore.email_address, user.borrower_id)) return { ok: false, reason: 'in_use' };
        // this link and those sent after it (the notices of the changes it undoes, at addresses an
        // intruder may hold); one sent before it, to an address the borrower had earlier, still works
        await trx
          .updateTable('address_restores')
          .set({ used_at: input.now })
          .where('user_id', '=', restore.user_id)
          .where('id', '>=', restore.id)
          .where('used_at', 'is', null)
          .execute();
        await setEmailOnFile(trx, d, user.borrower_id, restore.email_address, true, input.now);
        // every pending emailed link (a reset mailed to the intruder's address, a verification), every session and token
        await trx.updateTable('nonces').set({ used_at: input.now }).where('user_id', '=', restore.user_id).where('used_at', 'is', null).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', restore.user_id).execute();
        await trx.deleteFrom('api_tokens').where('user_id', '=', restore.user_id).execute();
        await trx
          .insertInto('nonces')
          .values({
            purpose: 'password_reset', nonce_hash: input.resetNonceHash, user_id: restore.user_id, email_address: null,
            created_at: input.now, expires_at: input.resetExpiresAt,
          })
          .execute();
        return { ok: true, userId: restore.user_id, emailAddress: restore.email_address };
      });
    },
  };
}
