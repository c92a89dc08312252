/**
 * The server of server/test/databaseOutage.pg.test.ts, in a process of its own, so that the test
 * sees whether PostgreSQL going away ends it: `tsx scripts/databaseOutageServer.ts <database url>`
 * builds the reference server on that database (seeded; the test suite's scrypt cost; rate limits
 * the test's loops cannot meet), listens on 127.0.0.1 at a free port and prints `listening <port>`.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildServer } from '../server/http/app';

async function main() {
  const [databaseUrl] = process.argv.slice(2);
  if (!databaseUrl) throw new Error('usage: databaseOutageServer.ts <database url>');
  const app = await buildServer({
    databaseUrl,
    databasePath: ':memory:', // unused: the database is PostgreSQL's
    databasePoolSize: 8,
    serverSecret: randomBytes(32),
    scryptN: 2 ** 12,
    // the test asks the API only: no built portal needed
    staticDir: path.join(__dirname, '..', 'dist', 'static'),
    production: false,
    seedDemoData: true,
    rateLimitMax: 1_000_000,
    routeRateLimitMax: 1_000_000,
    loginFailuresMax: 1_000_000,
    logLevel: 'warn',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
