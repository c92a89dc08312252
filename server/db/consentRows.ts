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
  disclosures_locale: string | null;
  disclosures_sha256: string | null;
  /** From consent_disclosures (CONSENT_SELECT). */
  disclosures_text: string | null;
}

export const CONSENT_COLUMNS =
  'borrower_id, user_id, action, email_address, time_zone, browser, os, client_address, user_agent, created_at, disclosures_locale, disclosures_sha256';

/** A borrower's audit rows with the text of the disclosures each names; the borrower's id is the one parameter. */
export const CONSENT_SELECT = (parameter: string) =>
  `SELECT consent_audit.*, consent_disclosures.text AS disclosures_text
   FROM consent_audit LEFT JOIN consent_disclosures ON consent_disclosures.sha256 = consent_audit.disclosures_sha256
   WHERE consent_audit.borrower_id = ${parameter} ORDER BY consent_audit.id`;

/** Keeps a text of the disclosures once; the parameters are DISCLOSURES_VALUES. */
export const DISCLOSURES_INSERT = (parameters: [string, string, string]) =>
  `INSERT INTO consent_disclosures (sha256, text, first_agreed_at) VALUES (${parameters.join(', ')})
   ON CONFLICT (sha256) DO NOTHING`;

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
    consent.disclosures?.locale ?? null,
    consent.disclosures?.sha256 ?? null,
  ] as const;
}

/** The values of DISCLOSURES_INSERT, or null when the consent names no disclosures. */
export function disclosuresValues(consent: ConsentRecord) {
  const { disclosures } = consent;
  return disclosures ? ([disclosures.sha256, disclosures.text, consent.createdAt] as const) : null;
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
    createdAt: Number(row.created_at),
    disclosures:
      row.disclosures_locale !== null && row.disclosures_sha256 !== null && row.disclosures_text !== null
        ? { locale: row.disclosures_locale, sha256: row.disclosures_sha256, text: row.disclosures_text }
        : null,
  };
}
