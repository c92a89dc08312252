/** Paperless delivery and its append-only consent audit, in PostgreSQL. */
import type { Pool } from 'pg';
import { CONSENT_COLUMNS, CONSENT_SELECT, DISCLOSURES_INSERT, consentFromRow, consentValues, disclosuresValues, type ConsentRow } from '../consentRows';
import type { ConsentRecord, GoGreenStore } from '../store';
import { inTransaction, rows } from './queries';

export function pgGoGreen(pool: Pool): GoGreenStore {
  return {
    async setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord) {
      await inTransaction(pool, async (client) => {
        await client.query('UPDATE borrowers SET electdocs = $1 WHERE id = $2', [electdocs, borrowerId]);
        const disclosures = disclosuresValues(consent);
        if (disclosures) await client.query(DISCLOSURES_INSERT(['$1', '$2', '$3']), [...disclosures]);
        await client.query(
          `INSERT INTO consent_audit (${CONSENT_COLUMNS})
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [...consentValues(consent)],
        );
      });
    },

    async consentAudit(borrowerId: number): Promise<ConsentRecord[]> {
      const found = await rows<ConsentRow>(pool, CONSENT_SELECT('$1'), [borrowerId]);
      return found.map(consentFromRow);
    },
  };
}
