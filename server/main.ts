/**
 * Starts the reference server: `tsx server/main.ts` (or through scripts/start.ts, which builds
 * the portal first). Ctrl-C or SIGTERM stops accepting connections, lets requests in flight
 * finish, then closes the database.
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { listenAddressFromEnv, optionsFromEnv } from './config';
import { describeDemoData } from './db/seed';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  const options = optionsFromEnv(env);
  const { port, host } = listenAddressFromEnv(env);
  const app = await buildServer(options);
  await app.listen({ port, host });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  if (options.seedDemoData) process.stdout.write(`\n${describeDemoData(options.publicUrl, options.production)}\n`);
  return app;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`Could not start the server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
