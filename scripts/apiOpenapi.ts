/**
 * Writes docs/api/openapi.json and docs/api/widgets-contract.json, generated from the route schemas
 * (server/routes/openapi.ts). `npm run api:openapi`; server/test/openapi.test.ts fails when either is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateApiDocuments } from '../server/routes/openapiDocument';

void generateApiDocuments().then((documents) => {
  for (const [file, text] of Object.entries(documents)) {
    const target = path.join(__dirname, '..', file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    console.log(`wrote ${file}`);
  }
});
