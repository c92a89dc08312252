/**
 * The server of bench/signInStall.ts, in a process of its own: `tsx bench/signInStallServer.ts
 * <repository root> <port> <static dir>` builds the reference server of that checkout (its
 * server/http/app.ts) at the production scrypt cost, on a fresh SQLite file, and listens on 127.0.0.1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

async function main() {
  const [root, port, staticDir] = process.argv.slice(2);
  if (!root || !port || !staticDir) throw new Error('usage: signInStallServer.ts <root> <port> <static dir>');
  const { buildServer } = (await import(path.join(root, 'server', 'app.ts'))) as typeof import('../server/http/app');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-stall-'));
  const app = await buildServer({
    databasePath: path.join(dir, 'bench.sqlite'),
    staticDir,
    production: false,
    seedDemoData: true,
    logLevel: 'warn',
  });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  process.stdout.write('listening\n');
  const stop = () => {
    void app.close().finally(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
