/**
 * What the routes may ask of the database: one `PortalStore`, made of one interface per domain.
 * Routes never see SQL. Every method is a business-level operation (multi-step ones run in one
 * transaction) and returns a promise, so another engine (PostgreSQL) can implement the same
 * interfaces without touching the routes. The SQLite implementation is `sqlite/`, the PostgreSQL
 * one `pg/`, one file per domain below each; `open.ts` picks one.
 */
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
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  /** Plain text, sealed text (see `sealed`), or null once delivered or purged. */
  body: string | null;
  /** The JSON list of link paths, sealed or not like the body; null with it. */
  links: string | null;
  sealed: boolean;
  createdAt: number;
  purgeAt: number;
  sentAt: number | null;
  sendError: string | null;
}

/** A sign-in attempt is refused unseen while its username is locked. */
export type LoginThrottle = { locked: false } | { locked: true; retryAfterMs: number };

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
  }): Promise<CreateUserResult>;
  findUserByUsername(username: string): Promise<User | null>;
  getAccount(userId: number): Promise<Account | null>;
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

/** Sessions, API tokens, emailed nonces and sign-in throttling. */
export interface CredentialsStore {
  // sessions and tokens
  createSession(input: { userId: number; keyHash: string; now: number; expiresAt: number }): Promise<number>;
  findSession(keyHash: string, now: number): Promise<{ id: number; userId: number } | null>;
  deleteSession(id: number): Promise<void>;
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
  /** Consumes the nonce, sets the password, voids other reset links, ends the other sessions,
   * revokes every API token and clears the sign-in lockout. */
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
  ): Promise<{ ok: true; userId: number; emailAddress: string } | { ok: false; reason: 'invalid' | 'in_use' }>;
  /** Stores a rehashed password (stronger parameters) if the old hash is still the one on file. */
  updatePasswordHash(userId: number, oldHash: string, newHash: string): Promise<void>;

  // sign-in throttling, keyed by a hash of the lower-cased username
  loginThrottle(usernameKey: string, now: number): Promise<LoginThrottle>;
  recordLoginFailure(usernameKey: string, now: number): Promise<void>;
  clearLoginFailures(usernameKey: string): Promise<void>;
}

/** Paperless delivery and its consent audit. */
export interface GoGreenStore {
  setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord): Promise<void>;
  consentAudit(borrowerId: number): Promise<ConsentRecord[]>;
}

/** Popups seen (per session or token) and dismissed (for good). */
export interface PopupsStore {
  markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number): Promise<void>;
  seenPopups(sessionKey: string): Promise<Set<string>>;
  dismissPopup(userId: number, popupId: string, now: number): Promise<void>;
  dismissedPopups(userId: number): Promise<Set<string>>;
}

/** Mail: the outbox. */
export interface OutboxStore {
  addToOutbox(message: {
    to: string;
    subject: string;
    body: string;
    links: string;
    sealed: boolean;
    now: number;
    purgeAt: number;
  }): Promise<number>;
  /** Records the delivery; `keepBody` false empties the body and links at once. */
  markOutboxSent(id: number, now: number, error: string | null, keepBody: boolean): Promise<void>;
  /** Empties the body and links of every message whose purge time has passed; returns how many. */
  purgeOutbox(now: number): Promise<number>;
  listOutbox(limit: number): Promise<OutboxMessage[]>;
}

/** The request counters of the rate limits: in the database, so every instance on it counts alike. */
export interface RateLimitStore {
  /** Counts one request under `key`: the first of a window (or the first after it ended) starts a
   * new window of `windowMs` at 1. Returns the count so far and when the window ends. */
  countRequest(key: string, windowMs: number, now: number): Promise<{ count: number; windowEndsAt: number }>;
}

export interface PortalStore
  extends AccountsStore, CredentialsStore, GoGreenStore, PopupsStore, OutboxStore, RateLimitStore {
  /** 'sqlite' or 'postgres': for readiness reports and logs only; routes never branch on it. */
  readonly engine: 'sqlite' | 'postgres';
  /** True when the database had no schema before this process opened it. */
  readonly createdFresh: boolean;
  close(): Promise<void>;
}
