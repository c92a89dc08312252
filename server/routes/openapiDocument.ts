/** The committed API description's text (docs/api/openapi.json), generated from a server that is not listening. */
import { buildServer } from '../app';
import { apiDescription } from './openapi';

export const OPENAPI_FILE = 'docs/api/openapi.json';

/** The document as docs/api/openapi.json holds it: a development server's routes (less the
 * development-only ones), on an empty in-memory database, without the demo data. */
export async function generateApiDescription(): Promise<string> {
  const app = await buildServer({ databasePath: ':memory:', databaseUrl: null, production: false, seedDemoData: false, logLevel: 'silent', smtpUrl: null });
  try {
    await app.ready();
    return `${JSON.stringify(apiDescription(app), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
