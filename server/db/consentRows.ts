/** The consent audit's row, as both engines store it, and its mapping to and from `ConsentRecord`. */
import type { ConsentRecord } from './store';

export interface ConsentRow {
  borrower_id: number;
  user_id: number;
  action: 'opt_in' | 'opt_out';
  email_address: string | null;
  time_zone: string | null;
  browser: string | null;
  os: string | null;
  client_address: string;
  user_agent: string | null;
  created_at: number;
}

export const CONSENT_COLUMNS =
  'borrower_id, user_id, action, email_address, time_zone, browser, os, client_address, user_agent, created_at';

/** The values of an INSERT INTO consent_audit (CONSENT_COLUMNS), in that order. */
export function consentValues(consent: ConsentRecord) {
  return [
    consent.borrowerId,
    consent.userId,
    consent.action,
    consent.emailAddress,
    consent.timeZone,
    consent.browser,
    consent.os,
    consent.clientAddress,
    consent.userAgent,
    consent.createdAt,
  ] as const;
}

export function consentFromRow(row: ConsentRow): ConsentRecord {
  return {
    borrowerId: row.borrower_id,
    userId: row.user_id,
    action: row.action,
    emailAddress: row.email_address,
    timeZone: row.time_zone,
    browser: row.browser,
    os: row.os,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    createdAt: row.created_at,
  };
}
