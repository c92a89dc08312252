/**
 * The records the routes get from the database and hand to it (a borrower, a user, a consent, a mail,
 * a passkey...), each derived from its table's row (`RecordOf`, ./rows.ts: camelCase names, flags as
 * booleans), so a column is declared once, in its repository. What the routes may ask of the database
 * is one `Repositories` (open.ts), whose type is derived from the repositories (`repositories/`, one
 * per domain), never restated here. Routes never see SQL.
 * Every method is a business-level operation (multi-step ones run in one transaction) and returns a
 * promise. Both engines, SQLite and PostgreSQL, run the same code; `open.ts` picks the connection
 * (`connections.ts`; the few statements that differ are in `dialect.ts`).
 */
import type { Selectable } from 'kysely';
import type { IdentityKey } from '../auth/secrets';
import type { Database } from './dialect';
import type { Account } from './repositories/accounts';
import type { RecordOf } from './rows';

/** Sign-in lockout: this many failures within the window lock the username for the rest of it. */
export interface Lockout {
  failures: number;
  windowMs: number;
}

/** What either engine needs besides where the database is. */
export interface RepositoryOptions {
  /** The keys of the SSN and date of birth, current first. */
  identity: readonly IdentityKey[];
  lockout: Lockout;
}

/** The records of the accounts repository, derived from the columns it reads (./rows.ts). */
export type { Account, Borrower, Loan, SeedBorrower, User } from './repositories/accounts';

export type NoncePurpose = 'password_reset' | 'verify_email';

/** A usable nonce of an emailed link (never its value: only its hash is stored). */
export type NonceRecord = RecordOf<Pick<Selectable<Database['nonces']>, 'id' | 'purpose' | 'user_id' | 'email_address' | 'expires_at'>>;

/** What an emailed verification link did: the address on file before it (null: none) and after. */
export type EmailVerification =
  | { ok: true; userId: number; emailAddress: string; previousEmailAddress: string | null }
  | { ok: false; reason: 'invalid' | 'in_use' };

/** A row of the consent audit; `disclosures`: the text the borrower agreed to, as the server held it then; null on an opt-out. */
export type ConsentRecord = Omit<RecordOf<Selectable<Database['consent_audit']>>, 'id' | 'disclosuresLocale' | 'disclosuresSha256'> & {
  disclosures: AgreedDisclosures | null;
};

/** A text of the disclosures, in the language it was shown in. Kept once per text, named by its sha256. */
export interface AgreedDisclosures {
  locale: string;
  /** Hex sha256 of `text`'s UTF-8 bytes. */
  sha256: string;
  text: string;
}

/** A message of the mail queue (its columns: server/db/repositories/outbox.ts), its recipient as `to`.
 * `body` and `links` are null once delivered (production), given up on or purged. */
export type OutboxMessage = { to: string } & Omit<RecordOf<Selectable<Database['outbox']>, 'sealed'>, 'toAddress' | 'claimedBy' | 'claimedUntil'>;

/** What readiness reports of the mail queue (never a recipient or a text). */
export interface OutboxHealth {
  /** Messages waiting for delivery: neither delivered nor given up on. */
  pending: number;
  /** Of those, how many have failed at least one attempt. */
  retrying: number;
  /** now - createdAt of the oldest pending message whose next attempt is due (nextAttemptAt <= now); null when none is due. */
  oldestDueAgeMs: number | null;
  /** Messages given up on at or after `since`. */
  abandonedSince: number;
}

/** A session: `lastSeenAt`, when its last request was recorded (at most once a minute:
 * SESSION_TOUCH_INTERVAL_MS); `expiresAt`, its absolute end (12 hours, or 30 days when remembered);
 * `account`, its user and borrower, read in the same statement: every signed-in request needs both,
 * and one read instead of two is one database round trip less on PostgreSQL. */
export type SessionRecord = RecordOf<Pick<Selectable<Database['sessions']>, 'id' | 'user_id' | 'last_seen_at' | 'expires_at'>> & { account: Account };

/** Whether a browser a user signs in from was known: 'first' when the user had no known browser at all. */
export type BrowserRecognition = 'known' | 'new' | 'first';

/** A browser not signed in from for this long is forgotten (the most a browser keeps a cookie). */
export const KNOWN_BROWSER_DAYS = 400;

/** What the popups' rules (server/services/popups.ts) read: the ids seen in this session and when the user last dismissed each. */
export interface PopupHistory {
  seenThisSession: Set<string>;
  /** popup id -> time of the user's latest dismissal (ms) */
  dismissedAt: Map<string, number>;
}

/** The history from rows of seen (no time) and dismissed (a time) popups: both engines' one query. */
export function historyOf(rows: ReadonlyArray<{ popup_id: string; dismissed_at: number | null }>): PopupHistory {
  const history: PopupHistory = { seenThisSession: new Set(), dismissedAt: new Map() };
  for (const row of rows) {
    if (row.dismissed_at === null) history.seenThisSession.add(row.popup_id);
    else history.dismissedAt.set(row.popup_id, row.dismissed_at);
  }
  return history;
}

/** What putting a replaced address back did (the "this wasn't me" link of its notice). */
export type AddressRestore =
  | { ok: true; userId: number; emailAddress: string }
  | { ok: false; reason: 'invalid' | 'in_use' };

/** A passkey (WebAuthn credential) of a user, as stored (issue 49; docs/security.md, "Passkeys"); its
 * columns are described in server/db/repositories/passkeys.ts. */
export type Passkey = Omit<RecordOf<Selectable<Database['passkeys']>, 'backed_up'>, 'transports'> & { transports: string[] };
