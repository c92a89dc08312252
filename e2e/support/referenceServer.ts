/**
 * One reference server per e2e test file, on a free loopback port with a fresh database, so no
 * file depends on what another file did to the demo borrowers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './globalSetup';

const root = path.resolve(__dirname, '../..');

/**
 * How long a server may take to answer its first request. On a loaded 2-core machine a start has
 * taken over 30 s (bench/RESULTS.md, "Cross-browser suite"); a server that exits stops the wait at once.
 */
const START_TIMEOUT_MS = Number(process.env.E2E_SERVER_START_MS ?? 120_000);

async function waitForServer(url: string, timeoutMs: number, exited: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit !== null) throw new Error(`reference server exited (${exit}) before answering at ${url}`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`reference server did not start at ${url} within ${timeoutMs} ms`);
}

/** `recordActions`: QA recording on every page (the recording e2e); off, pages run as in production. */
export async function startReferenceServer({ recordActions = false }: { recordActions?: boolean } = {}) {
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
      ROUTE_RATE_LIMIT_MAX: '10000',
      TAX_SEASON: '1',
      RECORD_ACTIONS: recordActions ? '1' : '0',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exit: string | null = null;
  server.on('exit', (code, signal) => {
    exit = signal ?? `code ${String(code)}`;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseUrl}/loanmanager/login/`, START_TIMEOUT_MS, () => exit);
  } catch (error) {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    stop() {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
