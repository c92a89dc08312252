/**
 * The reference server of a checkout, in a process of its own (bench/signInStallServer.ts: production
 * scrypt cost, fresh SQLite, demo data), for the sign-in benchmarks (bench/signInStall.ts,
 * bench/signInFairness.ts); an older commit's server extracted beside this one (`checkoutOf`); and
 * one HTTP request on a connection of its own.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './servers';

const ROOT = path.resolve(__dirname, '..', '..');

/** Starts the server of the checkout at `root` on 127.0.0.1 (every loopback address reaches it). */
export async function startServer(root: string, staticDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'bench/signInStallServer.ts'), root, String(port), staticDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** The server and client code of `commit`, extracted (`git archive`) into a temporary folder sharing node_modules; `remove` when done. */
function checkoutOf(commit: string): { root: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-before-'));
  execSync(`git archive ${commit} server src package.json tsconfig.json | tar -x -C ${root}`, { cwd: ROOT });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** What to measure: with `--before <commit>` in `argv`, that commit's checkout first; then this one
 * (labelled by its commit). `remove` deletes the extracted checkout. */
export function checkoutsToMeasure(argv: string[]): { roots: Array<[label: string, root: string]>; remove: () => void } {
  const beforeIndex = argv.indexOf('--before');
  const before = beforeIndex > 0 ? argv[beforeIndex + 1] : undefined;
  const beforeCheckout = before ? checkoutOf(before) : null;
  const head = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  return {
    roots: [...(before && beforeCheckout ? [[`before (${before})`, beforeCheckout.root] as [string, string]] : []), [`after (${head})`, ROOT]],
    remove: () => beforeCheckout?.remove(),
  };
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The loopback address to send from (127.0.0.x): the server sees it as the client's. */
  from?: string;
  timeoutMs?: number;
}

/** One request on a connection of its own (no pooling to hide a stall): status, headers and time. */
export function request(url: string, options: RequestOptions = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const outgoing = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false, timeout: options.timeoutMs ?? 300_000, ...(options.from ? { localAddress: options.from } : {}) },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, ms: performance.now() - started }));
        // the server cut the connection while answering (an idle socket's timeout)
        response.on('error', reject);
        response.on('close', () => reject(new Error(`${url}: cut off`)));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${url}: no answer`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** The machine and its load now, one line for bench/RESULTS.md. */
export const machineLine = () =>
  `${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`;
