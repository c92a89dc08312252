/**
 * The hand-over from registration to username recovery (spec section 8): after a 409 the
 * borrower's loan number, SSN and date of birth are kept in the browser session for the next
 * page, which reads them once and removes them at once, so an SSN never stays in storage.
 *
 * Key `loanmanager.recoverUsername.details`, in sessionStorage only (never localStorage):
 * JSON `{ "loanno": "1234567890", "ssn": "123456789", "dob": "YYYY-MM-DD" }`.
 */
import type { PortalDependencies } from '../platform/dependencies';

export const RECOVERY_CACHE_KEY = 'loanmanager.recoverUsername.details';

export interface RecoveryDetails {
  loanno: string;
  /** nine digits */
  ssn: string;
  /** YYYY-MM-DD */
  dob: string;
}

type SessionStore = PortalDependencies['sessionStore'];

export function cacheRecoveryDetails(store: SessionStore, details: RecoveryDetails): void {
  store.setItem(RECOVERY_CACHE_KEY, JSON.stringify(details));
}

/** Reads and removes the cached details; anything malformed is dropped and reads as null. */
export function takeRecoveryDetails(store: SessionStore): RecoveryDetails | null {
  const raw = store.getItem(RECOVERY_CACHE_KEY);
  store.removeItem(RECOVERY_CACHE_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { loanno, ssn, dob } = parsed as Record<string, unknown>;
    if (typeof loanno !== 'string' || typeof ssn !== 'string' || typeof dob !== 'string') return null;
    return { loanno, ssn, dob };
  } catch {
    return null;
  }
}
