/** Sessions, API tokens, emailed nonces, known browsers and sign-in throttling. */
import type { Generated, Kysely } from 'kysely';
import { compiledOnce } from '../compiled';
import type { Database, Db, Dialect } from '../dialect';
import { KNOWN_BROWSER_DAYS, type BrowserRecognition, type EmailVerification, type Lockout, type NoncePurpose, type NonceRecord, type SessionRecord } from '../records';
import { recordOf } from '../rows';
import { ACCOUNT_COLUMNS, accountFromRow, emailInUseByOtherUser, setEmailOnFile } from './accounts';

declare module '../dialect' {
  interface Database {
  sessions: {
    id: Generated<number>; key_hash: string; user_id: number; created_at: number; expires_at: number; last_seen_at: number;
    reauth_until: number | null;
  };
  api_tokens: { id: Generated<number>; token_hash: string; user_id: number; label: string; created_at: number; expires_at: number };
  nonces: {
    id: Generated<number>; purpose: NoncePurpose; nonce_hash: string; user_id: number; email_address: string | null;
    created_at: number; expires_at: number; used_at: number | null;
  };
  login_failures: { username_key: string; failures: number; window_start: number };
  known_browsers: { user_id: number; browser_key: string; first_seen_at: number; last_seen_at: number };
  }
}

/** `lock` (PostgreSQL, inside a transaction): holds the nonce's row until commit, so an instance
 * using the same link at the same moment waits and then finds it used. */
async function usableNonce(db: Db, d: Dialect, purpose: NoncePurpose, nonceHash: string, now: number, lock = false): Promise<NonceRecord | null> {
  const row = await db
    .selectFrom('nonces')
    .select(['id', 'purpose', 'user_id', 'email_address', 'expires_at'])
    .where('purpose', '=', purpose)
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(lock && d.rowLocks, (query) => query.forUpdate())
    .executeTakeFirst();
  return row ? recordOf(row) : null;
}

export function credentialsRepository(db: Kysely<Database>, d: Dialect, lockout: Lockout) {
  // the session and its account in one statement: every signed-in request reads it
  const findSession = compiledOnce(db, (keyHash: string, now: number, idleSince: number) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('borrowers as b', 'b.id', 'u.borrower_id')
      .select(['s.id', 's.last_seen_at', 's.expires_at', ...ACCOUNT_COLUMNS])
      .where('s.key_hash', '=', keyHash)
      .where('s.expires_at', '>', now)
      .where('s.last_seen_at', '>', idleSince),
  );
  // another instance may have written a later time: never move it back
  const touchSession = compiledOnce(db, (id: number, now: number) =>
    db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).where('last_seen_at', '<', now),
  );
  return {
    /** Also deletes the sessions that have ended: expired, or idle since before `idleSince`. */
    async createSession(input: { userId: number; keyHash: string; now: number; expiresAt: number; idleSince: number }): Promise<number> {
      await db.deleteFrom('sessions').where((eb) => eb.or([eb('expires_at', '<=', input.now), eb('last_seen_at', '<=', input.idleSince)])).execute();
      const row = { key_hash: input.keyHash, user_id: input.userId, created_at: input.now, expires_at: input.expiresAt, last_seen_at: input.now };
      return (await db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** A session that has not expired and has had a request after `idleSince`, with its account. */
    async findSession(keyHash: string, now: number, idleSince: number): Promise<SessionRecord | null> {
      const [row] = await findSession(keyHash, now, idleSince);
      return row ? { id: row.id, userId: row.u_id, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, account: accountFromRow(row) } : null;
    },

    /** Records a request of the session (its last-seen time). */
    touchSession: async (id: number, now: number): Promise<void> => void (await touchSession(id, now)),

    deleteSession: async (id: number): Promise<void> => void (await db.deleteFrom('sessions').where('id', '=', id).execute()),

    /**
     * Gives the session a new key (a step up: server/auth/sessions.ts `renewSession`) and sets its
     * re-authentication window (`reauthUntil`, null: closed), if its key is still `oldKeyHash`: the old
     * key finds nothing from then on; the popups seen under `seenKey.from` move to `seenKey.to`. Null when
     * the session has ended or was renewed already (nothing changed).
     */
    async renewSessionKey(input: {
      sessionId: number;
      oldKeyHash: string;
      newKeyHash: string;
      reauthUntil: number | null;
      seenKey: { from: string; to: string };
    }): Promise<{ createdAt: number; expiresAt: number } | null> {
      return db.transaction().execute(async (trx) => {
        // the old key in the condition: of two requests renewing the same key at once, one gets the session
        const row = await trx
          .updateTable('sessions')
          .set({ key_hash: input.newKeyHash, reauth_until: input.reauthUntil })
          .where('id', '=', input.sessionId)
          .where('key_hash', '=', input.oldKeyHash)
          .returning(['created_at', 'expires_at'])
          .executeTakeFirst();
        if (!row) return null;
        // the popups seen stay seen: the borrower carries on in the same session
        await trx.updateTable('popup_seen').set({ session_key: input.seenKey.to }).where('session_key', '=', input.seenKey.from).execute();
        return { createdAt: row.created_at, expiresAt: row.expires_at };
      });
    },

    /** Whether the session's re-authentication window is open at `now`. */
    async reauthWindowOpen(sessionId: number, now: number): Promise<boolean> {
      return (await db.selectFrom('sessions').select('id').where('id', '=', sessionId).where('reauth_until', '>', now).executeTakeFirst()) !== undefined;
    },

    async deleteSessionsOfUser(userId: number, exceptSessionId: number | null): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', 'is distinct from', exceptSessionId).execute();
    },

    async createApiToken(input: { userId: number; tokenHash: string; label: string; now: number; expiresAt: number }): Promise<number> {
      const row = { token_hash: input.tokenHash, user_id: input.userId, label: input.label, created_at: input.now, expires_at: input.expiresAt };
      return (await db.insertInto('api_tokens').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** A token that has not expired. */
    async findApiToken(tokenHash: string, now: number): Promise<{ id: number; userId: number } | null> {
      const row = await db.selectFrom('api_tokens').select(['id', 'user_id']).where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
      return row ? { id: row.id, userId: row.user_id } : null;
    },

    async createNonce(input: {
      purpose: NoncePurpose;
      nonceHash: string;
      userId: number;
      emailAddress: string | null;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db
        .insertInto('nonces')
        .values({
          purpose: input.purpose, nonce_hash: input.nonceHash, user_id: input.userId, email_address: input.emailAddress,
          created_at: input.now, expires_at: input.expiresAt,
        })
        .execute();
    },

    findUsableNonce: (purpose: NoncePurpose, nonceHash: string, now: number): Promise<NonceRecord | null> => usableNonce(db, d, purpose, nonceHash, now),

    /** Consumes the nonce, sets the password, and revokes everything pending for the account: every
     * emailed link (reset, email change and verification alike), the other sessions, every API token,
     * and the re-authentication window of the session kept. */
    async completePasswordReset(input: {
      nonceHash: string;
      passwordHash: string;
      now: number;
      keepSessionId: number | null;
    }): Promise<{ userId: number; username: string } | null> {
      return db.transaction().execute(async (trx) => {
        const nonce = await usableNonce(trx, d, 'password_reset', input.nonceHash, input.now, true);
        if (!nonce) return null;
        // every link of the account, of any purpose: an email change an intruder asked for dies here
        await trx.updateTable('nonces').set({ used_at: input.now }).where('user_id', '=', nonce.userId).where('used_at', 'is', null).execute();
        const user = await trx.updateTable('users').set({ password_hash: input.passwordHash }).where('id', '=', nonce.userId).returning('username').executeTakeFirst();
        await trx.deleteFrom('sessions').where('user_id', '=', nonce.userId).where('id', 'is distinct from', input.keepSessionId).execute();
        await trx.updateTable('sessions').set({ reauth_until: null }).where('user_id', '=', nonce.userId).execute();
        await trx.deleteFrom('api_tokens').where('user_id', '=', nonce.userId).execute();
        return { userId: nonce.userId, username: user?.username ?? '' };
      });
    },

    /** Stores a rehashed password (stronger parameters) if the old hash is still the one on file. */
    async updatePasswordHash(userId: number, oldHash: string, newHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: newHash }).where('id', '=', userId).where('password_hash', '=', oldHash).execute();
    },

    /** Sign-in throttling, keyed by a hash of the lower-cased username: a sign-in attempt is refused unseen while its username is locked. */
    async loginThrottle(usernameKey: string, now: number): Promise<{ locked: false } | { locked: true; retryAfterMs: number }> {
      const row = await db.selectFrom('login_failures').select(['failures', 'window_start']).where('username_key', '=', usernameKey).executeTakeFirst();
      if (!row) return { locked: false };
      const windowEnd = row.window_start + lockout.windowMs;
      if (now >= windowEnd || row.failures < lockout.failures) return { locked: false };
      return { locked: true, retryAfterMs: windowEnd - now };
    },

    /**
     * Claims a place in the count of wrong passwords before a password is checked (issue 46 item 2): its
     * place in the window (1 for the first), or null when every place (`Lockout.failures`) is taken and
     * nothing was counted. A right password then clears the count; a wrong one leaves its place counted.
     */
    async claimLoginAttempt(usernameKey: string, now: number): Promise<number | null> {
      // One statement, the check and the count together: attempts at once, on one instance or several,
      // each get a place of their own, and none past the last (the row is locked by the upsert on
      // PostgreSQL; SQLite has one writer). No row back: every place of the window is taken.
      const { windowMs, failures: max } = lockout;
      const claimed = await db
        .insertInto('login_failures')
        .values({ username_key: usernameKey, failures: 1, window_start: now })
        .onConflict((oc) =>
          oc
            .column('username_key')
            .doUpdateSet((eb) => {
              const ended = eb(eb('login_failures.window_start', '+', windowMs), '<=', eb.ref('excluded.window_start'));
              return {
                failures: eb.case().when(ended).then(1).else(eb('login_failures.failures', '+', 1)).end(),
                window_start: eb.case().when(ended).then(eb.ref('excluded.window_start')).else(eb.ref('login_failures.window_start')).end(),
              };
            })
            .where((eb) =>
              eb.or([eb(eb('login_failures.window_start', '+', windowMs), '<=', eb.ref('excluded.window_start')), eb('login_failures.failures', '<', max)]),
            ),
        )
        .returning('failures')
        .executeTakeFirst();
      await db.deleteFrom('login_failures').where((eb) => eb(eb('window_start', '+', windowMs), '<=', now)).execute();
      return claimed ? Number(claimed.failures) : null;
    },

    /** Gives back a place claimed for a password that was not checked after all (the hashing refused it). */
    async releaseLoginAttempt(usernameKey: string): Promise<void> {
      await db.updateTable('login_failures').set((eb) => ({ failures: eb('failures', '-', 1) })).where('username_key', '=', usernameKey).where('failures', '>', 0).execute();
    },

    clearLoginFailures: async (usernameKey: string): Promise<void> => void (await db.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute()),

    /** Records a sign-in from the browser (sha256 of its lm_browser cookie) and says whether the user
     * had signed in from it before; forgets the user's browsers unseen for KNOWN_BROWSER_DAYS. */
    async recognizeBrowser(userId: number, browserKey: string, now: number): Promise<BrowserRecognition> {
      return db.transaction().execute(async (trx): Promise<BrowserRecognition> => {
        await trx.deleteFrom('known_browsers').where('user_id', '=', userId).where('last_seen_at', '<', now - KNOWN_BROWSER_DAYS * 86_400_000).execute();
        const seen = await trx.updateTable('known_browsers').set({ last_seen_at: now }).where('user_id', '=', userId).where('browser_key', '=', browserKey).executeTakeFirst();
        if (Number(seen.numUpdatedRows) > 0) return 'known';
        const others = await trx.selectFrom('known_browsers').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirst();
        // the same new browser signing in twice at once (two instances): one row, both told 'new' or 'first'
        await trx
          .insertInto('known_browsers')
          .values({ user_id: userId, browser_key: browserKey, first_seen_at: now, last_seen_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'browser_key']).doUpdateSet((eb) => ({ last_seen_at: eb.ref('excluded.last_seen_at') })))
          .execute();
        return Number(others?.count ?? 0) > 0 ? 'new' : 'first';
      });
    },

    /** Consumes the nonce and makes its address the validated address on file, unless another
     * account has taken the address since the link was sent. */
    async completeEmailVerification(nonceHash: string, now: number): Promise<EmailVerification> {
      return db.transaction().execute(async (trx): Promise<EmailVerification> => {
        const nonce = await usableNonce(trx, d, 'verify_email', nonceHash, now, true);
        if (!nonce?.emailAddress) return { ok: false, reason: 'invalid' };
        const user = await trx
          .selectFrom('users')
          .innerJoin('borrowers', 'borrowers.id', 'users.borrower_id')
          .select(['users.borrower_id', 'borrowers.email_address'])
          .where('users.id', '=', nonce.userId)
          .executeTakeFirst();
        if (!user) return { ok: false, reason: 'invalid' };
        // Another account may have registered or verified the address since the link was sent.
        if (await emailInUseByOtherUser(trx, d, nonce.emailAddress, user.borrower_id)) return { ok: false, reason: 'in_use' };
        await trx.updateTable('nonces').set({ used_at: now }).where('id', '=', nonce.id).execute();
        await setEmailOnFile(trx, d, user.borrower_id, nonce.emailAddress, true, now);
        await trx
          .updateTable('email_addresses')
          .set((eb) => ({ validated_at: eb.fn.coalesce('validated_at', eb.val(now)) }))
          .where('borrower_id', '=', user.borrower_id)
          .where(d.sameText('email_address', nonce.emailAddress))
          .execute();
        return { ok: true, userId: nonce.userId, emailAddress: nonce.emailAddress, previousEmailAddress: user.email_address };
      });
    },
  };
}
