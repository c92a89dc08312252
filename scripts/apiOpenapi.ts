/**
 * Writes docs/api/openapi.json, the API description generated from the route schemas
 * (server/routes/openapi.ts). `npm run api:openapi`; server/test/openapi.test.ts fails when it is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateApiDescription } from '../server/routes/openapiDocument';

const target = path.join(__dirname, '..', 'docs', 'api', 'openapi.json');

void generateApiDescription().then((text) => {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
});
