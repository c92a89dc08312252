/**
 * What the routes may ask of the database: one `PortalStore`, made of one interface per domain.
 * Routes never see SQL. Every method is a business-level operation (multi-step ones run in one
 * transaction) and returns a promise. Both engines, SQLite and PostgreSQL, run the same code: one
 * Kysely repository per domain in `repositories/`, put together by `open.ts`, which picks the
 * connection (`connections.ts`; the few statements that differ are in `dialect.ts`).
 */
import type { Locale } from '../../src/platform/i18n/locales';
import type { IdentityKey } from '../secrets';

/** Sign-in lockout: this many failures within the window lock the username for the rest of it. */
export interface Lockout {
  failures: number;
  windowMs: number;
}

/** What either engine needs besides where the database is. */
export interface StoreOptions {
  /** The keys of the SSN and date of birth, current first. */
  identity: readonly IdentityKey[];
  lockout: Lockout;
}

export interface Borrower {
  id: number;
  firstname: string;
  lastname: string;
  emailAddress: string | null;
  emailValidated: boolean;
  electdocs: boolean;
  autopay: boolean;
}

export interface Loan {
  loanno: string;
  propertyAddress: string;
  monthlyPaymentCents: number;
  /** YYYY-MM-DD */
  nextPaymentDue: string;
  role: 'primary' | 'co';
}

export interface User {
  id: number;
  borrowerId: number;
  username: string;
  passwordHash: string;
  /** The language the borrower chose (at registration, or with the language switch); null before any choice. */
  locale: Locale | null;
}

export interface Account {
  user: User;
  borrower: Borrower;
}

export type NoncePurpose = 'password_reset' | 'verify_email';

export interface NonceRecord {
  id: number;
  purpose: NoncePurpose;
  userId: number;
  emailAddress: string | null;
  expiresAt: number;
}

/** What an emailed verification link did: the address on file before it (null: none) and after. */
export type EmailVerification =
  | { ok: true; userId: number; emailAddress: string; previousEmailAddress: string | null }
  | { ok: false; reason: 'invalid' | 'in_use' };

export interface ConsentRecord {
  borrowerId: number;
  userId: number;
  action: 'opt_in' | 'opt_out';
  emailAddress: string | null;
  timeZone: string | null;
  browser: string | null;
  os: string | null;
  clientAddress: string;
  userAgent: string | null;
  createdAt: number;
  /** The disclosures the borrower agreed to, as the server held them then; null on an opt-out. */
  disclosures: AgreedDisclosures | null;
}

/** A text of the disclosures, in the language it was shown in. Kept once per text, named by its sha256. */
export interface AgreedDisclosures {
  locale: string;
  /** Hex sha256 of `text`'s UTF-8 bytes. */
  sha256: string;
  text: string;
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  /** Plain text, sealed text (see `sealed`), or null once delivered (production), given up on or purged. */
  body: string | null;
  /** The JSON list of link paths, sealed or not like the body; null with it. */
  links: string | null;
  sealed: boolean;
  createdAt: number;
  /** When the message's links expire: its text is emptied then, and it is no longer tried. */
  purgeAt: number;
  sentAt: number | null;
  /** The last SMTP failure, as a short code only (an SMTP error text can quote the message). */
  sendError: string | null;
  /** Delivery attempts that failed so far. */
  attempts: number;
  /** When the next attempt is due; null once the message is delivered or given up on. */
  nextAttemptAt: number | null;
  /** When delivery was given up on (links expired, or never deliverable); null otherwise. */
  abandonedAt: number | null;
}

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

/** Whether the database can serve requests: readiness (GET /loanmanager/readyz). */
interface StoreReadiness {
  engine: 'sqlite' | 'postgres';
  /** A trivial query answered. */
  reachable: boolean;
  /** The highest migration recorded in the database; null when unreachable or none. */
  schemaVersion: number | null;
  /** The highest migration this build knows for this engine. */
  expectedSchemaVersion: number;
}

/** A sign-in attempt is refused unseen while its username is locked. */
type LoginThrottle = { locked: false } | { locked: true; retryAfterMs: number };

export type CreateUserResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'already_registered' | 'username_taken' };

/** What seeding needs; kept separate from what routes use. */
export interface SeedBorrower {
  firstname: string;
  lastname: string;
  ssn: string;
  dob: string;
  emailAddress: string | null;
  emailValidated: boolean;
  electdocs: boolean;
  autopay: boolean;
}

/** Borrowers, their loans, their users and their email addresses (and the demo seed). */
export interface AccountsStore {
  findLoanMatch(loanno: string, ssn: string, dob: string): Promise<{ borrower: Borrower; user: User | null } | null>;
  createUserForBorrower(input: {
    borrowerId: number;
    username: string;
    passwordHash: string;
    emailAddress: string;
    now: number;
    /** The language of the registration request; none for seeded users. */
    locale?: Locale | null;
  }): Promise<CreateUserResult>;
  findUserByUsername(username: string): Promise<User | null>;
  getAccount(userId: number): Promise<Account | null>;
  /** Saves the language the borrower chose (the language switch): their emails and pages follow it. */
  setUserLocale(userId: number, locale: Locale): Promise<void>;
  loansOfBorrower(borrowerId: number): Promise<Loan[]>;
  /** Whether a borrower other than `borrowerId` who has an account uses this address. */
  emailInUseByOtherUser(emailAddress: string, borrowerId: number): Promise<boolean>;
  isEmailValidated(borrowerId: number, emailAddress: string): Promise<boolean>;
  recordPendingEmail(borrowerId: number, emailAddress: string, now: number): Promise<void>;
  /** Makes an address the one on file; `validated` records whether its owner proved it. */
  setEmailOnFile(borrowerId: number, emailAddress: string, validated: boolean, now: number): Promise<void>;

  // seeding
  seedLoan(loan: Omit<Loan, 'role'>): Promise<void>;
  seedBorrower(borrower: SeedBorrower, loans: ReadonlyArray<{ loanno: string; role: 'primary' | 'co' }>): Promise<number>;
}

interface SessionRecord {
  id: number;
  userId: number;
  /** When its last request was recorded (at most once a minute: SESSION_TOUCH_INTERVAL_MS). */
  lastSeenAt: number;
  /** Its absolute end (12 hours, or 30 days when remembered). */
  expiresAt: number;
  /** Its user and borrower, read in the same statement: every signed-in request needs both, and one
   * read instead of two is one database round trip less on PostgreSQL. */
  account: Account;
}

/** Sessions, API tokens, emailed nonces and sign-in throttling. */
/** Whether a browser a user signs in from was known: 'first' when the user had no known browser at all. */
export type BrowserRecognition = 'known' | 'new' | 'first';

/** A browser not signed in from for this long is forgotten (the most a browser keeps a cookie). */
export const KNOWN_BROWSER_DAYS = 400;

export interface CredentialsStore {
  /** Records a sign-in from the browser (sha256 of its lm_browser cookie) and says whether the user
   * had signed in from it before; forgets the user's browsers unseen for KNOWN_BROWSER_DAYS. */
  recognizeBrowser(userId: number, browserKey: string, now: number): Promise<BrowserRecognition>;
  // sessions and tokens
  /** Also deletes the sessions that have ended: expired, or idle since before `idleSince`. */
  createSession(input: { userId: number; keyHash: string; now: number; expiresAt: number; idleSince: number }): Promise<number>;
  /** A session that has not expired and has had a request after `idleSince`, with its account. */
  findSession(keyHash: string, now: number, idleSince: number): Promise<SessionRecord | null>;
  /** Records a request of the session (its last-seen time). */
  touchSession(id: number, now: number): Promise<void>;
  deleteSession(id: number): Promise<void>;
  /**
   * Gives the session a new key (a step up: server/sessions.ts `renewSession`) and sets its
   * re-authentication window (`reauthUntil`, null: closed), if its key is still `oldKeyHash`: the old
   * key finds nothing from then on; the popups seen under `seenKey.from` move to `seenKey.to`. Null when
   * the session has ended or was renewed already (nothing changed).
   */
  renewSessionKey(input: {
    sessionId: number;
    oldKeyHash: string;
    newKeyHash: string;
    reauthUntil: number | null;
    seenKey: { from: string; to: string };
  }): Promise<{ createdAt: number; expiresAt: number } | null>;
  /** Whether the session's re-authentication window is open at `now`. */
  reauthWindowOpen(sessionId: number, now: number): Promise<boolean>;
  deleteSessionsOfUser(userId: number, exceptSessionId: number | null): Promise<void>;
  createApiToken(input: { userId: number; tokenHash: string; label: string; now: number; expiresAt: number }): Promise<number>;
  /** A token that has not expired. */
  findApiToken(tokenHash: string, now: number): Promise<{ id: number; userId: number } | null>;

  // emailed nonces
  createNonce(input: {
    purpose: NoncePurpose;
    nonceHash: string;
    userId: number;
    emailAddress: string | null;
    now: number;
    expiresAt: number;
  }): Promise<void>;
  findUsableNonce(purpose: NoncePurpose, nonceHash: string, now: number): Promise<NonceRecord | null>;
  /** Consumes the nonce, sets the password, and revokes everything pending for the account: every
   * emailed link (reset, email change and verification alike), the other sessions, every API token,
   * and the re-authentication window of the session kept. */
  completePasswordReset(input: {
    nonceHash: string;
    passwordHash: string;
    now: number;
    keepSessionId: number | null;
  }): Promise<{ userId: number; username: string } | null>;
  /** Consumes the nonce and makes its address the validated address on file, unless another
   * account has taken the address since the link was sent. */
  completeEmailVerification(
    nonceHash: string,
    now: number,
  ): Promise<EmailVerification>;
  /** Stores a rehashed password (stronger parameters) if the old hash is still the one on file. */
  updatePasswordHash(userId: number, oldHash: string, newHash: string): Promise<void>;

  // sign-in throttling, keyed by a hash of the lower-cased username
  loginThrottle(usernameKey: string, now: number): Promise<LoginThrottle>;
  /**
   * Claims a place in the count of wrong passwords before a password is checked (issue 46 item 2): its
   * place in the window (1 for the first), or null when every place (`Lockout.failures`) is taken and
   * nothing was counted. A right password then clears the count; a wrong one leaves its place counted.
   */
  claimLoginAttempt(usernameKey: string, now: number): Promise<number | null>;
  /** Gives back a place claimed for a password that was not checked after all (the hashing refused it). */
  releaseLoginAttempt(usernameKey: string): Promise<void>;
  clearLoginFailures(usernameKey: string): Promise<void>;
}

/** Paperless delivery and its consent audit. */
export interface GoGreenStore {
  setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord): Promise<void>;
  consentAudit(borrowerId: number): Promise<ConsentRecord[]>;
}

/** What the popups' rules (server/popups.ts) read: the ids seen in this session and when the user last dismissed each. */
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

/** Popups seen (per session or token) and dismissed (the tax popup for good, a declined offer for a while: server/popups.ts). */
export interface PopupsStore {
  markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number): Promise<void>;
  /** Records the dismissal at `now`; a later one replaces an earlier one (a declined offer's rest starts again). */
  dismissPopup(userId: number, popupId: string, now: number): Promise<void>;
  /** One statement for both (the popup route asks on every page of the portal). */
  popupHistory(sessionKey: string, userId: number): Promise<PopupHistory>;
}

/**
 * Mail: the outbox, a durable queue. A message is stored before anything is sent, then claimed
 * by one worker at a time, sent, and recorded as delivered, failed (to be retried later) or
 * abandoned. A claim is a lease: if the worker dies mid-send, the message becomes claimable again
 * once the lease runs out, so a crashed instance's mail is sent by another (at the price of a
 * possible second copy of a message whose send had in fact completed: at least once, never lost).
 *
 * Engine notes: each method is atomic on its own. SQLite claims inside one write transaction
 * (one writer at a time, so two workers on one file never claim the same row); PostgreSQL claims
 * with `SELECT ... FOR UPDATE SKIP LOCKED` inside the UPDATE, so concurrent claimers skip each
 * other's rows instead of waiting on them. Times are ms since the epoch, always passed in (never
 * the database clock), so tests can move time and instances agree with their own logs.
 */
export interface OutboxStore {
  /** Stores a new message, due at once (`nextAttemptAt` = `now`, `attempts` 0); returns its id. */
  addToOutbox(message: {
    to: string;
    subject: string;
    body: string;
    links: string;
    sealed: boolean;
    now: number;
    purgeAt: number;
  }): Promise<number>;
  /**
   * Claims up to `limit` messages for `instanceId` and returns them, oldest due first
   * (nextAttemptAt, then id). A message is claimable when it is pending (nextAttemptAt not null),
   * due (nextAttemptAt <= now), its links have not expired (purgeAt > now), its body is not null,
   * and it is not under another live lease (no claim, or claimedUntil <= now). Claiming sets
   * claimedBy = instanceId and claimedUntil = now + leaseMs; it changes nothing else. Two
   * concurrent calls never return the same message while its lease holds.
   */
  claimDueMessages(instanceId: string, now: number, limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  /**
   * Records a delivery: sentAt = now, nextAttemptAt, abandonedAt, sendError and the claim
   * cleared; body and links emptied unless `keepBody` (the development mailbox). It does not
   * check the claim (the mail has gone out, whoever sent it) and does nothing if the message is
   * already recorded as delivered.
   */
  markDelivered(id: number, now: number, keepBody: boolean): Promise<void>;
  /**
   * Records a failed attempt by the holder of the claim: attempts + 1, sendError = errorCode,
   * nextAttemptAt as given, claim cleared; body kept for the retry. Does nothing and returns
   * false unless the message is undelivered and still claimed by `instanceId` (a worker whose
   * lease ran out must not reschedule a message another worker now holds or has delivered).
   */
  markAttemptFailed(id: number, instanceId: string, now: number, errorCode: string, nextAttemptAt: number): Promise<boolean>;
  /**
   * Gives up on a message claimed by `instanceId` (its next attempt would come after its links
   * expire, or it can never be sent): attempts + 1, abandonedAt = now, sendError = errorCode,
   * nextAttemptAt and the claim cleared, body and links emptied. Same claim condition and
   * result as `markAttemptFailed`.
   */
  markAbandoned(id: number, instanceId: string, now: number, errorCode: string): Promise<boolean>;
  /**
   * Gives up on every pending message whose links have expired (purgeAt <= now) and that is not
   * under a live lease: abandonedAt = now, sendError = its last code or 'expired', nextAttemptAt
   * and claim cleared, body and links emptied. Returns how many. (Catches messages no worker
   * reached in time, e.g. while every instance was down.)
   */
  abandonExpired(now: number): Promise<number>;
  /** Empties the body and links of every message whose purge time has passed; returns how many. */
  purgeOutbox(now: number): Promise<number>;
  /** The newest messages first. */
  listOutbox(limit: number): Promise<OutboxMessage[]>;
  /** Counts for readiness; `since` bounds the abandoned count (e.g. the last 24 hours). */
  outboxHealth(now: number, since: number): Promise<OutboxHealth>;
}

/** The request counters of the rate limits: in the database, so every instance on it counts alike. */
export interface RateLimitStore {
  /** Counts `requests` requests under `key` at once (atomically, however many instances count
   * together): the first count of a window (or the first after it ended) starts a new window of
   * `windowMs` at `requests`. Returns the count after this one, and when the window ends. */
  countRequests(key: string, requests: number, windowMs: number, now: number): Promise<{ count: number; windowEndsAt: number }>;
}

/** What putting a replaced address back did (the "this wasn't me" link of its notice). */
export type AddressRestore =
  | { ok: true; userId: number; emailAddress: string }
  | { ok: false; reason: 'invalid' | 'in_use' };

/** The "this wasn't me" links of the notices of a replaced address (docs/security.md). */
export interface AddressRestoreStore {
  createAddressRestore(input: { tokenHash: string; userId: number; emailAddress: string; now: number; expiresAt: number }): Promise<void>;
  /** Whether the link can still be used (not used, not expired, not revoked). */
  addressRestoreUsable(tokenHash: string, now: number): Promise<boolean>;
  /**
   * In one transaction: consumes the link and the links sent after it (of the changes it undoes), puts
   * its address back on file (verified: the link reached it), ends every session and API token of the
   * user, revokes every pending emailed link (reset, verification), then stores `resetNonceHash` as a
   * fresh reset link of the user, which the page goes straight to. Refused when another account has
   * taken the address since.
   */
  restoreAddress(input: { tokenHash: string; now: number; resetNonceHash: string; resetExpiresAt: number }): Promise<AddressRestore>;
}

/** A passkey (WebAuthn credential) of a user, as stored (issue 49; docs/security.md, "Passkeys"). */
export interface Passkey {
  id: number;
  userId: number;
  /** base64url, as the browser names it */
  credentialId: string;
  /** the COSE public key, base64url */
  publicKey: string;
  /** the random user id the authenticator keeps (base64url), the same for every passkey of the user */
  userHandle: string;
  signCount: number;
  transports: string[];
  /** backed up (synced) by its provider: a copy may be on other devices */
  backedUp: boolean;
  /** the borrower's own name for it */
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** Passkeys and the single-use challenges of their ceremonies. */
export interface PasskeysStore {
  /** Keeps a challenge for its ceremony until `expiresAt`, replacing one the same ceremony had; forgets expired ones. */
  savePasskeyChallenge(input: { ceremonyKey: string; challenge: string; userHandle: string | null; now: number; expiresAt: number }): Promise<void>;
  /** Takes the ceremony's challenge, once: a second call (another instance's included) finds none. */
  takePasskeyChallenge(ceremonyKey: string, now: number): Promise<{ challenge: string; userHandle: string | null } | null>;
  /** Stores a new passkey; null when its credential id is already stored (any user's). */
  addPasskey(input: Omit<Passkey, 'id' | 'lastUsedAt'>): Promise<Passkey | null>;
  findPasskeyByCredentialId(credentialId: string): Promise<Passkey | null>;
  passkeysOfUser(userId: number): Promise<Passkey[]>;
  /** Records a use: the new counter and backup state, if the stored counter is still `previousCount`
   * (two uses at once: one wins). False when another use came first. */
  recordPasskeyUse(id: number, previousCount: number, signCount: number, backedUp: boolean, now: number): Promise<boolean>;
  renamePasskey(userId: number, id: number, name: string): Promise<boolean>;
  /** The passkey removed, or null when the user has none of that id. */
  removePasskey(userId: number, id: number): Promise<Passkey | null>;
}

export interface PortalStore
  extends AccountsStore, CredentialsStore, GoGreenStore, PopupsStore, OutboxStore, RateLimitStore, AddressRestoreStore, PasskeysStore {
  /** 'sqlite' or 'postgres': for readiness reports and logs only; routes never branch on it. */
  readonly engine: 'sqlite' | 'postgres';
  /** True when the database had no schema before this process opened it. */
  readonly createdFresh: boolean;
  /**
   * Whether the database is reachable and migrated, for readiness. Never throws: a failed query
   * is `reachable: false`. It must answer quickly even when the database does not (PostgreSQL:
   * a short statement timeout on a pooled connection; a pool that cannot hand out a connection
   * in time is unreachable). Ready means reachable and schemaVersion >= expectedSchemaVersion
   * (a newer instance of a rolling deploy may have migrated further).
   */
  readiness(): Promise<StoreReadiness>;
  /** Closes the database (the pool); calls after it fail. */
  close(): Promise<void>;
}
