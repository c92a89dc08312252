/** Passkeys (WebAuthn credentials) and the single-use challenges of their ceremonies (issue 49). */
import type { Generated, Kysely, Selectable } from 'kysely';
import { bit, type Database, type Flag } from '../dialect';
import type { Passkey } from '../records';
import { recordOf } from '../rows';

declare module '../dialect' {
  interface Database {
  passkeys: {
    id: Generated<number>; user_id: number;
    /** base64url, as the browser names it */
    credential_id: string;
    /** the COSE public key, base64url */
    public_key: string;
    /** the random user id the authenticator keeps (base64url), the same for every passkey of the user */
    user_handle: string;
    sign_count: number;
    /** a JSON list (the record's `transports`) */
    transports: string;
    /** backed up (synced) by its provider: a copy may be on other devices */
    backed_up: Flag;
    /** the borrower's own name for it */
    name: string;
    created_at: number; last_used_at: number | null;
  };
  passkey_challenges: { ceremony_key: string; challenge: string; user_handle: string | null; expires_at: number };
  }
}

function passkeyOf(row: Selectable<Database['passkeys']>): Passkey {
  return { ...recordOf(row, ['backed_up']), signCount: Number(row.sign_count), transports: JSON.parse(row.transports) as string[] };
}

export function passkeysRepository(db: Kysely<Database>) {
  return {
    /** Keeps a challenge for its ceremony until `expiresAt`, replacing one the same ceremony had; forgets expired ones. */
    async savePasskeyChallenge({ ceremonyKey, challenge, userHandle, now, expiresAt }: { ceremonyKey: string; challenge: string; userHandle: string | null; now: number; expiresAt: number }): Promise<void> {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
      await db
        .insertInto('passkey_challenges')
        .values({ ceremony_key: ceremonyKey, challenge, user_handle: userHandle, expires_at: expiresAt })
        .onConflict((oc) => oc.column('ceremony_key').doUpdateSet({ challenge, user_handle: userHandle, expires_at: expiresAt }))
        .execute();
    },

    // one statement: of two requests with the same ceremony, one deletes the row and the other finds none
    /** Takes the ceremony's challenge, once: a second call (another instance's included) finds none. */
    async takePasskeyChallenge(ceremonyKey: string, now: number): Promise<{ challenge: string; userHandle: string | null } | null> {
      const row = await db
        .deleteFrom('passkey_challenges')
        .where('ceremony_key', '=', ceremonyKey)
        .returning(['challenge', 'user_handle', 'expires_at'])
        .executeTakeFirst();
      return row && row.expires_at > now ? { challenge: row.challenge, userHandle: row.user_handle } : null;
    },

    /** Stores a new passkey; null when its credential id is already stored (any user's). */
    async addPasskey(input: Omit<Passkey, 'id' | 'lastUsedAt'>): Promise<Passkey | null> {
      const row = await db
        .insertInto('passkeys')
        .values({
          user_id: input.userId,
          credential_id: input.credentialId,
          public_key: input.publicKey,
          user_handle: input.userHandle,
          sign_count: input.signCount,
          transports: JSON.stringify(input.transports),
          backed_up: bit(input.backedUp),
          name: input.name,
          created_at: input.createdAt,
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ? passkeyOf(row) : null;
    },

    async findPasskeyByCredentialId(credentialId: string): Promise<Passkey | null> {
      const row = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
      return row ? passkeyOf(row) : null;
    },

    async passkeysOfUser(userId: number): Promise<Passkey[]> {
      return (await db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map(passkeyOf);
    },

    /** Records a use: the new counter and backup state, if the stored counter is still `previousCount`
     * (two uses at once: one wins). False when another use came first. */
    async recordPasskeyUse(id: number, previousCount: number, signCount: number, backedUp: boolean, now: number): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ sign_count: signCount, backed_up: bit(backedUp), last_used_at: now })
        .where('id', '=', id)
        .where('sign_count', '=', previousCount)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async renamePasskey(userId: number, id: number, name: string): Promise<boolean> {
      const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The passkey removed, or null when the user has none of that id. */
    async removePasskey(userId: number, id: number): Promise<Passkey | null> {
      const row = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
      return row ? passkeyOf(row) : null;
    },
  };
}
