/** Sessions, API tokens, emailed nonces and sign-in throttling, in PostgreSQL. */
import type { Pool } from 'pg';
import { KNOWN_BROWSER_DAYS, type BrowserRecognition, type CredentialsStore, type EmailVerification, type Lockout, type LoginThrottle, type NoncePurpose, type NonceRecord } from '../store';
import { ACCOUNT_COLUMNS, accountOf, emailInUseByOtherUserIn, setEmailOnFileIn, type AccountRow } from './accounts';
import { firstRow, inTransaction, preparedRows, type Queryable } from './queries';

/** `lock`: inside a transaction, holds the nonce's row until commit, so an instance using the same
 * link at the same moment waits and then finds it used. */
async function usableNonce(
  db: Queryable,
  purpose: NoncePurpose,
  nonceHash: string,
  now: number,
  lock = false,
): Promise<NonceRecord | null> {
  const row = await firstRow<{ id: number; purpose: NoncePurpose; user_id: number; email_address: string | null; expires_at: number }>(
    db,
    `SELECT id, purpose, user_id, email_address, expires_at FROM nonces
     WHERE purpose = $1 AND nonce_hash = $2 AND used_at IS NULL AND expires_at > $3${lock ? ' FOR UPDATE' : ''}`,
    [purpose, nonceHash, now],
  );
  return row
    ? { id: row.id, purpose: row.purpose, userId: row.user_id, emailAddress: row.email_address, expiresAt: row.expires_at }
    : null;
}

export function pgCredentials(pool: Pool, lockout: Lockout): CredentialsStore {
  return {
    async createSession(input: { userId: number; keyHash: string; now: number; expiresAt: number; idleSince: number }) {
      await pool.query('DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [input.now, input.idleSince]);
      const row = await firstRow<{ id: number }>(
        pool,
        'INSERT INTO sessions (key_hash, user_id, created_at, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $3) RETURNING id',
        [input.keyHash, input.userId, input.now, input.expiresAt],
      );
      return row!.id;
    },

    async findSession(keyHash: string, now: number, idleSince: number) {
      const [row] = await preparedRows<AccountRow & { id: number; last_seen_at: number; expires_at: number }>(
        pool,
        'find-session',
        `SELECT s.id, s.last_seen_at, s.expires_at, ${ACCOUNT_COLUMNS}
         FROM sessions s JOIN users u ON u.id = s.user_id JOIN borrowers b ON b.id = u.borrower_id
         WHERE s.key_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`,
        [keyHash, now, idleSince],
      );
      return row ? { id: row.id, userId: row.u_id, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, account: accountOf(row) } : null;
    },

    async touchSession(id: number, now: number) {
      // another instance may have written a later time: never move it back
      await preparedRows(pool, 'touch-session', 'UPDATE sessions SET last_seen_at = $1 WHERE id = $2 AND last_seen_at < $1', [now, id]);
    },

    async deleteSession(id: number) {
      await pool.query('DELETE FROM sessions WHERE id = $1', [id]);
    },

    async openReauthWindow(sessionId: number, until: number) {
      await pool.query('UPDATE sessions SET reauth_until = $1 WHERE id = $2', [until, sessionId]);
    },

    async reauthWindowOpen(sessionId: number, now: number) {
      return (await firstRow(pool, 'SELECT 1 FROM sessions WHERE id = $1 AND reauth_until > $2', [sessionId, now])) !== null;
    },

    async deleteSessionsOfUser(userId: number, exceptSessionId: number | null) {
      await pool.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, exceptSessionId]);
    },

    async createApiToken(input: { userId: number; tokenHash: string; label: string; now: number; expiresAt: number }) {
      const row = await firstRow<{ id: number }>(
        pool,
        'INSERT INTO api_tokens (token_hash, user_id, label, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [input.tokenHash, input.userId, input.label, input.now, input.expiresAt],
      );
      return row!.id;
    },

    async findApiToken(tokenHash: string, now: number) {
      const row = await firstRow<{ id: number; user_id: number }>(
        pool,
        'SELECT id, user_id FROM api_tokens WHERE token_hash = $1 AND expires_at > $2',
        [tokenHash, now],
      );
      return row ? { id: row.id, userId: row.user_id } : null;
    },

    async createNonce(input) {
      await pool.query(
        `INSERT INTO nonces (purpose, nonce_hash, user_id, email_address, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [input.purpose, input.nonceHash, input.userId, input.emailAddress, input.now, input.expiresAt],
      );
    },

    async findUsableNonce(purpose: NoncePurpose, nonceHash: string, now: number) {
      return usableNonce(pool, purpose, nonceHash, now);
    },

    async completePasswordReset(input) {
      return inTransaction(pool, async (client) => {
        const nonce = await usableNonce(client, 'password_reset', input.nonceHash, input.now, true);
        if (!nonce) return null;
        // every link of the account, of any purpose: an email change an intruder asked for dies here
        await client.query('UPDATE nonces SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL', [input.now, nonce.userId]);
        const user = await firstRow<{ username: string }>(
          client,
          'UPDATE users SET password_hash = $1 WHERE id = $2 RETURNING username',
          [input.passwordHash, nonce.userId],
        );
        await client.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [
          nonce.userId,
          input.keepSessionId,
        ]);
        await client.query('UPDATE sessions SET reauth_until = NULL WHERE user_id = $1', [nonce.userId]);
        await client.query('DELETE FROM api_tokens WHERE user_id = $1', [nonce.userId]);
        return { userId: nonce.userId, username: user?.username ?? '' };
      });
    },

    async updatePasswordHash(userId: number, oldHash: string, newHash: string) {
      await pool.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [newHash, userId, oldHash]);
    },

    async loginThrottle(usernameKey: string, now: number): Promise<LoginThrottle> {
      const row = await firstRow<{ failures: number; window_start: number }>(
        pool,
        'SELECT failures, window_start FROM login_failures WHERE username_key = $1',
        [usernameKey],
      );
      if (!row) return { locked: false };
      const windowEnd = row.window_start + lockout.windowMs;
      if (now >= windowEnd || row.failures < lockout.failures) return { locked: false };
      return { locked: true, retryAfterMs: windowEnd - now };
    },

    async recordLoginFailure(usernameKey: string, now: number) {
      // One statement: failures counted by two instances at once both land, each with its own count.
      const { rows: counted } = await pool.query<{ failures: number }>(
        `INSERT INTO login_failures (username_key, failures, window_start) VALUES ($1, 1, $2)
         ON CONFLICT (username_key) DO UPDATE SET
           failures = CASE WHEN login_failures.window_start + $3 <= excluded.window_start THEN 1 ELSE login_failures.failures + 1 END,
           window_start = CASE WHEN login_failures.window_start + $3 <= excluded.window_start
             THEN excluded.window_start ELSE login_failures.window_start END
         RETURNING failures`,
        [usernameKey, now, lockout.windowMs],
      );
      await pool.query('DELETE FROM login_failures WHERE window_start + $1 <= $2', [lockout.windowMs, now]);
      return Number(counted[0]!.failures);
    },

    async clearLoginFailures(usernameKey: string) {
      await pool.query('DELETE FROM login_failures WHERE username_key = $1', [usernameKey]);
    },

    async recognizeBrowser(userId: number, browserKey: string, now: number) {
      return inTransaction(pool, async (client): Promise<BrowserRecognition> => {
        await client.query('DELETE FROM known_browsers WHERE user_id = $1 AND last_seen_at < $2', [userId, now - KNOWN_BROWSER_DAYS * 86_400_000]);
        const seen = await client.query('UPDATE known_browsers SET last_seen_at = $1 WHERE user_id = $2 AND browser_key = $3', [now, userId, browserKey]);
        if ((seen.rowCount ?? 0) > 0) return 'known';
        const others = await firstRow<{ count: string }>(client, 'SELECT COUNT(*) AS count FROM known_browsers WHERE user_id = $1', [userId]);
        // the same new browser signing in twice at once: one row, both told 'new' or 'first'
        await client.query(
          `INSERT INTO known_browsers (user_id, browser_key, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $3)
           ON CONFLICT (user_id, browser_key) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
          [userId, browserKey, now],
        );
        return Number(others?.count ?? 0) > 0 ? 'new' : 'first';
      });
    },

    async completeEmailVerification(nonceHash: string, now: number) {
      return inTransaction(pool, async (client): Promise<EmailVerification> => {
        const nonce = await usableNonce(client, 'verify_email', nonceHash, now, true);
        if (!nonce?.emailAddress) return { ok: false, reason: 'invalid' };
        const user = await firstRow<{ borrower_id: number; email_address: string | null }>(
          client,
          'SELECT users.borrower_id, borrowers.email_address FROM users JOIN borrowers ON borrowers.id = users.borrower_id WHERE users.id = $1',
          [nonce.userId],
        );
        if (!user) return { ok: false, reason: 'invalid' };
        // Another account may have registered or verified the address since the link was sent.
        if (await emailInUseByOtherUserIn(client, nonce.emailAddress, user.borrower_id)) return { ok: false, reason: 'in_use' };
        await client.query('UPDATE nonces SET used_at = $1 WHERE id = $2', [now, nonce.id]);
        await setEmailOnFileIn(client, user.borrower_id, nonce.emailAddress, true, now);
        await client.query(
          `UPDATE email_addresses SET validated_at = COALESCE(validated_at, $1)
           WHERE borrower_id = $2 AND lower(email_address) = lower($3)`,
          [now, user.borrower_id, nonce.emailAddress],
        );
        return { ok: true, userId: nonce.userId, emailAddress: nonce.emailAddress, previousEmailAddress: user.email_address };
      });
    },
  };
}
