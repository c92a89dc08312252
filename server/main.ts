/**
 * Starts the reference server: `tsx server/main.ts` (or through scripts/start.ts, which builds
 * the portal first). Ctrl-C or SIGTERM shuts down gracefully (`shutDown`).
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from './http/app';
import { listenAddressFromEnv, optionsFromEnv, shutdownTimeoutMsOf } from './config';
import { describeDemoData } from './db/seed';

/**
 * Graceful shutdown: stop accepting connections (a request arriving on a kept-alive connection
 * gets 503), let requests in flight finish, then (fastify's onClose hooks, server/http/app.ts) stop
 * the mail worker after its send in flight is recorded, and close the store. Resolves false if
 * that takes longer than `timeoutMs`; the caller then exits anyway (the unsent mail stays queued,
 * and a claim left behind expires with its lease).
 */
export async function shutDown(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([app.close().then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  const options = optionsFromEnv(env);
  const { port, host } = listenAddressFromEnv(env);
  const timeoutMs = shutdownTimeoutMsOf(env);
  const app = await buildServer(options);
  await app.listen({ port, host });

  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests in flight');
    shutDown(app, timeoutMs).then(
      (clean) => {
        if (clean) app.log.info('shut down');
        else app.log.error({ timeoutMs }, 'shutdown timed out; exiting with work unfinished');
        process.exit(clean ? 0 : 1);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  if (options.seedDemoData) process.stdout.write(`\n${describeDemoData(options.publicUrl, options.production)}\n`);
  return app;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`Could not start the server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
