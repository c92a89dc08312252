/**
 * Builds the portal (when dist is missing or older than src), then starts the reference server
 * on a free loopback port with a fresh database. The address goes to the tests in E2E_BASE_URL.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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

async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`reference server did not start at ${url}`);
}

export default async function globalSetup() {
  buildIfStale();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-e2e-'));
  const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: path.join(dataDir, 'loanmanager.sqlite'),
      RATE_LIMIT_MAX: '10000',
      TAX_SEASON: '1',
      RECORD_ACTIONS: '1',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_DATA_DIR = dataDir;
  await waitForServer(`${baseUrl}/loanmanager/login/`, 30_000);
}
