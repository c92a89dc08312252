/** Paperless delivery and its append-only consent audit (each text of the disclosures kept once). */
import type { Generated, Kysely } from 'kysely';
import { bit, type Database } from '../dialect';
import type { ConsentRecord } from '../records';
import { recordOf } from '../rows';

/** Both append-only. */
declare module '../dialect' {
  interface Database {
  consent_audit: {
    id: Generated<number>; borrower_id: number; user_id: number; action: 'opt_in' | 'opt_out'; email_address: string | null;
    time_zone: string | null; browser: string | null; os: string | null; client_address: string; user_agent: string | null;
    created_at: number; disclosures_locale: string | null; disclosures_sha256: string | null;
  };
  consent_disclosures: { sha256: string; text: string; first_agreed_at: number };
  }
}

export function goGreenRepository(db: Kysely<Database>) {
  return {
    async setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('borrowers').set({ electdocs: bit(electdocs) }).where('id', '=', borrowerId).execute();
        const { disclosures } = consent;
        if (disclosures) {
          await trx
            .insertInto('consent_disclosures')
            .values({ sha256: disclosures.sha256, text: disclosures.text, first_agreed_at: consent.createdAt })
            .onConflict((oc) => oc.column('sha256').doNothing())
            .execute();
        }
        await trx
          .insertInto('consent_audit')
          .values({
            borrower_id: consent.borrowerId, user_id: consent.userId, action: consent.action, email_address: consent.emailAddress,
            time_zone: consent.timeZone, browser: consent.browser, os: consent.os, client_address: consent.clientAddress,
            user_agent: consent.userAgent, created_at: consent.createdAt, disclosures_locale: disclosures?.locale ?? null,
            disclosures_sha256: disclosures?.sha256 ?? null,
          })
          .execute();
      });
    },

    async consentAudit(borrowerId: number): Promise<ConsentRecord[]> {
      const rows = await db
        .selectFrom('consent_audit as a')
        .leftJoin('consent_disclosures as d', 'd.sha256', 'a.disclosures_sha256')
        .select([
          'a.borrower_id', 'a.user_id', 'a.action', 'a.email_address', 'a.time_zone', 'a.browser', 'a.os',
          'a.client_address', 'a.user_agent', 'a.created_at', 'a.disclosures_locale', 'a.disclosures_sha256', 'd.text',
        ])
        .where('a.borrower_id', '=', borrowerId)
        .orderBy('a.id')
        .execute();
      return rows.map(({ disclosures_locale: locale, disclosures_sha256: sha256, text, ...row }) => ({
        ...recordOf(row),
        disclosures: locale !== null && sha256 !== null && text !== null ? { locale, sha256, text } : null,
      }));
    },
  };
}
