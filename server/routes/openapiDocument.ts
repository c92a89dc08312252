/** The committed API descriptions' texts (docs/api/), generated from a server that is not listening. */
import { buildServer } from '../http/app';
import { apiDescription, widgetsContract } from './openapi';

export const OPENAPI_FILE = 'docs/api/openapi.json';
export const WIDGETS_CONTRACT_FILE = 'docs/api/widgets-contract.json';

/** The documents as docs/api/ holds them: a development server's routes (less the development-only
 * ones), on an empty in-memory database, without the demo data; the widgets' contract is the part
 * of the first the widgets call. */
export async function generateApiDocuments(): Promise<Record<typeof OPENAPI_FILE | typeof WIDGETS_CONTRACT_FILE, string>> {
  const app = await buildServer({ databasePath: ':memory:', databaseUrl: null, production: false, seedDemoData: false, logLevel: 'silent', smtpUrl: null });
  try {
    await app.ready();
    const document = apiDescription(app);
    const text = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
    return { [OPENAPI_FILE]: text(document), [WIDGETS_CONTRACT_FILE]: text(widgetsContract(document)) };
  } finally {
    await app.close();
  }
}
