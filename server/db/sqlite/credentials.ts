/** Sessions, API tokens, emailed nonces and sign-in throttling, in SQLite. */
import type { Database } from 'better-sqlite3';
import { KNOWN_BROWSER_DAYS, type BrowserRecognition, type CredentialsStore, type EmailVerification, type Lockout, type LoginThrottle, type NoncePurpose, type NonceRecord } from '../store';
import { ACCOUNT_COLUMNS, accountOf, emailInUseByOtherUserSync, setEmailOnFileSync } from './accounts';

function usableNonce(db: Database, purpose: NoncePurpose, nonceHash: string, now: number): NonceRecord | null {
  const row = db
    .prepare(
      `SELECT id, purpose, user_id, email_address, expires_at FROM nonces
       WHERE purpose = ? AND nonce_hash = ? AND used_at IS NULL AND expires_at > ?`,
    )
    .get(purpose, nonceHash, now) as
    | { id: number; purpose: NoncePurpose; user_id: number; email_address: string | null; expires_at: number }
    | undefined;
  return row
    ? {
        id: row.id,
        purpose: row.purpose,
        userId: row.user_id,
        emailAddress: row.email_address,
        expiresAt: row.expires_at,
      }
    : null;
}

/** The session row and its account, as an array (`raw`): every signed-in request reads it, and
 * better-sqlite3 builds an array of 14 values for a fraction of what an object of 14 named ones costs. */
type SessionRow = [
  id: number,
  lastSeenAt: number,
  expiresAt: number,
  // ACCOUNT_COLUMNS, in order
  userId: number,
  borrowerId: number,
  username: string,
  passwordHash: string,
  locale: string | null,
  firstname: string,
  lastname: string,
  emailAddress: string | null,
  emailValidated: number,
  electdocs: number,
  autopay: number,
];

export function sqliteCredentials(db: Database, lockout: Lockout): CredentialsStore {
  // its own statement (not shared with any other SQL text), so raw mode changes nothing elsewhere
  const findSessionStatement = db
    .prepare(
      `SELECT s.id, s.last_seen_at, s.expires_at, ${ACCOUNT_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id JOIN borrowers b ON b.id = u.borrower_id
       WHERE s.key_hash = ? AND s.expires_at > ? AND s.last_seen_at > ?`,
    )
    .raw(true);
  return {
    async createSession(input: { userId: number; keyHash: string; now: number; expiresAt: number; idleSince: number }) {
      db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(input.now, input.idleSince);
      const result = db
        .prepare('INSERT INTO sessions (key_hash, user_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)')
        .run(input.keyHash, input.userId, input.now, input.expiresAt, input.now);
      return Number(result.lastInsertRowid);
    },

    async findSession(keyHash: string, now: number, idleSince: number) {
      const row = findSessionStatement.get(keyHash, now, idleSince) as SessionRow | undefined;
      if (!row) return null;
      const [id, lastSeenAt, expiresAt, userId, borrowerId, username, passwordHash, locale, firstname, lastname, emailAddress, emailValidated, electdocs, autopay] = row;
      return {
        id,
        userId,
        lastSeenAt,
        expiresAt,
        account: accountOf({
          u_id: userId,
          borrower_id: borrowerId,
          username,
          password_hash: passwordHash,
          locale,
          firstname,
          lastname,
          email_address: emailAddress,
          email_validated: emailValidated,
          electdocs,
          autopay,
        }),
      };
    },

    async touchSession(id: number, now: number) {
      db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?').run(now, id, now);
    },

    async deleteSession(id: number) {
      db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
    },

    async openReauthWindow(sessionId: number, until: number) {
      db.prepare('UPDATE sessions SET reauth_until = ? WHERE id = ?').run(until, sessionId);
    },

    async reauthWindowOpen(sessionId: number, now: number) {
      return db.prepare('SELECT 1 FROM sessions WHERE id = ? AND reauth_until > ?').get(sessionId, now) !== undefined;
    },

    async deleteSessionsOfUser(userId: number, exceptSessionId: number | null) {
      db.prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, exceptSessionId);
    },

    async createApiToken(input: { userId: number; tokenHash: string; label: string; now: number; expiresAt: number }) {
      const result = db
        .prepare('INSERT INTO api_tokens (token_hash, user_id, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
        .run(input.tokenHash, input.userId, input.label, input.now, input.expiresAt);
      return Number(result.lastInsertRowid);
    },

    async findApiToken(tokenHash: string, now: number) {
      const row = db
        .prepare('SELECT id, user_id FROM api_tokens WHERE token_hash = ? AND expires_at > ?')
        .get(tokenHash, now) as { id: number; user_id: number } | undefined;
      return row ? { id: row.id, userId: row.user_id } : null;
    },

    async createNonce(input) {
      db
        .prepare(
          `INSERT INTO nonces (purpose, nonce_hash, user_id, email_address, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(input.purpose, input.nonceHash, input.userId, input.emailAddress, input.now, input.expiresAt);
    },

    async findUsableNonce(purpose: NoncePurpose, nonceHash: string, now: number) {
      return usableNonce(db, purpose, nonceHash, now);
    },

    async completePasswordReset(input) {
      return db.transaction(() => {
        const nonce = usableNonce(db, 'password_reset', input.nonceHash, input.now);
        if (!nonce) return null;
        // every link of the account, of any purpose: an email change an intruder asked for dies here
        db.prepare('UPDATE nonces SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(input.now, nonce.userId);
        db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(input.passwordHash, nonce.userId);
        db
          .prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?')
          .run(nonce.userId, input.keepSessionId);
        db.prepare('UPDATE sessions SET reauth_until = NULL WHERE user_id = ?').run(nonce.userId);
        db.prepare('DELETE FROM api_tokens WHERE user_id = ?').run(nonce.userId);
        const user = db.prepare('SELECT username FROM users WHERE id = ?').get(nonce.userId) as
          | { username: string }
          | undefined;
        return { userId: nonce.userId, username: user?.username ?? '' };
      })();
    },

    async updatePasswordHash(userId: number, oldHash: string, newHash: string) {
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?').run(newHash, userId, oldHash);
    },

    async loginThrottle(usernameKey: string, now: number): Promise<LoginThrottle> {
      const row = db.prepare('SELECT failures, window_start FROM login_failures WHERE username_key = ?').get(usernameKey) as
        | { failures: number; window_start: number }
        | undefined;
      if (!row) return { locked: false };
      const windowEnd = row.window_start + lockout.windowMs;
      if (now >= windowEnd || row.failures < lockout.failures) return { locked: false };
      return { locked: true, retryAfterMs: windowEnd - now };
    },

    async recordLoginFailure(usernameKey: string, now: number) {
      const counted = db
        .prepare(
          `INSERT INTO login_failures (username_key, failures, window_start) VALUES (?, 1, ?)
           ON CONFLICT (username_key) DO UPDATE SET
             failures = CASE WHEN login_failures.window_start + ? <= excluded.window_start THEN 1 ELSE login_failures.failures + 1 END,
             window_start = CASE WHEN login_failures.window_start + ? <= excluded.window_start
               THEN excluded.window_start ELSE login_failures.window_start END
           RETURNING failures`,
        )
        .get(usernameKey, now, lockout.windowMs, lockout.windowMs) as { failures: number };
      db.prepare('DELETE FROM login_failures WHERE window_start + ? <= ?').run(lockout.windowMs, now);
      return counted.failures;
    },

    async clearLoginFailures(usernameKey: string) {
      db.prepare('DELETE FROM login_failures WHERE username_key = ?').run(usernameKey);
    },

    async recognizeBrowser(userId: number, browserKey: string, now: number) {
      return db.transaction((): BrowserRecognition => {
        db.prepare('DELETE FROM known_browsers WHERE user_id = ? AND last_seen_at < ?').run(userId, now - KNOWN_BROWSER_DAYS * 86_400_000);
        const seen = db.prepare('UPDATE known_browsers SET last_seen_at = ? WHERE user_id = ? AND browser_key = ?').run(now, userId, browserKey);
        if (seen.changes > 0) return 'known';
        const others = db.prepare('SELECT COUNT(*) AS count FROM known_browsers WHERE user_id = ?').get(userId) as { count: number };
        db.prepare('INSERT INTO known_browsers (user_id, browser_key, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?)').run(userId, browserKey, now, now);
        return others.count > 0 ? 'new' : 'first';
      })();
    },

    async completeEmailVerification(nonceHash: string, now: number) {
      return db.transaction((): EmailVerification => {
        const nonce = usableNonce(db, 'verify_email', nonceHash, now);
        if (!nonce?.emailAddress) return { ok: false, reason: 'invalid' };
        const user = db
          .prepare('SELECT users.borrower_id, borrowers.email_address FROM users JOIN borrowers ON borrowers.id = users.borrower_id WHERE users.id = ?')
          .get(nonce.userId) as { borrower_id: number; email_address: string | null } | undefined;
        if (!user) return { ok: false, reason: 'invalid' };
        // Another account may have registered or verified the address since the link was sent.
        if (emailInUseByOtherUserSync(db, nonce.emailAddress, user.borrower_id)) return { ok: false, reason: 'in_use' };
        db.prepare('UPDATE nonces SET used_at = ? WHERE id = ?').run(now, nonce.id);
        setEmailOnFileSync(db, user.borrower_id, nonce.emailAddress, true, now);
        db
          .prepare(
            `UPDATE email_addresses SET validated_at = COALESCE(validated_at, ?)
             WHERE borrower_id = ? AND email_address = ? COLLATE NOCASE`,
          )
          .run(now, user.borrower_id, nonce.emailAddress);
        return { ok: true, userId: nonce.userId, emailAddress: nonce.emailAddress, previousEmailAddress: user.email_address };
      })();
    },
  };
}
