/** Builds the portal when dist is missing or older than src. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIfStale() {
  const loader = path.join(root, 'dist/static/loanmanager-widgets.js');
  const stale = !fs.existsSync(loader) || fs.statSync(loader).mtimeMs < newestMtime(path.join(root, 'src'));
  if (stale) execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Builds once for the whole run; each test file starts its own server (referenceServer.ts). */
export default async function globalSetup() {
  buildIfStale();
}
