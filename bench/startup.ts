/**
 * `npm run bench:startup [-- --runs N] [-- --bundle]`: how long the server takes from the process
 * spawn to its first 200 on the liveness probe (/loanmanager/healthz), run as TypeScript through
 * tsx (`tsx server/main.ts`, how production ran before issue 40) and compiled
 * (`node dist/server/server/main.js`, with and without `--enable-source-maps`, as `npm run
 * start:prod` runs it). `--bundle` adds an esbuild bundle of the same server (the alternative
 * measured for the choice of compiler, not used). The variants take turns in each round, on one
 * SQLite database migrated and seeded before the first, in production mode; the CPU column is the
 * process tree's user + system time when the probe first answered. Prints markdown for
 * bench/RESULTS.md. A benchmark: nothing fails on a number.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buildServer, COMPILED_MAIN, serverBuildStale } from '../scripts/buildServer';
import { tempDir } from './lib/build';
import { ROOT } from './lib/categories';
import { describeMachine, machine } from './lib/machine';
import { freePort, LOOPBACK, processTreeCpuMs } from './lib/servers';
import { table } from './lib/table';
import { percentile } from './typing';

interface Variant {
  name: string;
  args: string[];
}

const TSX_CLI = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const BUNDLE_DIR = path.join(ROOT, 'dist', 'server-bundle');
const PROBE_EVERY_MS = 5;

/** One GET of the probe: its status, or 0 when nothing answers yet. */
function probe(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: LOOPBACK, port, path: '/loanmanager/healthz', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
}

/** Spawns the variant, polls the probe until it answers 200, then stops the process. */
async function startOnce(variant: Variant, env: NodeJS.ProcessEnv): Promise<{ ms: number; cpuMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited (${child.exitCode}):\n${stderr}`);
      if ((await probe(port)) === 200) return { ms: performance.now() - started, cpuMs: processTreeCpuMs(child.pid!) };
      if (performance.now() - started > 60_000) throw new Error(`${variant.name}: no answer in 60 s`);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

function buildBundle(): string {
  // the checkout's layout one level down, as dist/server/ (server/http/paths.ts finds the root from it)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  const started = performance.now();
  esbuild.buildSync({
    entryPoints: [path.join(ROOT, 'server/main.ts')],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir: path.join(BUNDLE_DIR, 'server'),
    logLevel: 'warning',
  });
  console.log(`esbuild bundle of server/main.ts: ${Math.round(performance.now() - started)} ms`);
  return path.join(BUNDLE_DIR, 'server', 'main.js');
}

async function main() {
  const argv = process.argv.slice(2);
  const runsIndex = argv.indexOf('--runs');
  const runs = runsIndex >= 0 ? Number(argv[runsIndex + 1]) : 15;
  if (serverBuildStale()) {
    const started = performance.now();
    buildServer();
    console.log(`tsc (npm run build:server): ${Math.round(performance.now() - started)} ms`);
  }
  const variants: Variant[] = [
    { name: 'tsx server/main.ts', args: [TSX_CLI, 'server/main.ts'] },
    { name: 'node dist/server/server/main.js', args: [COMPILED_MAIN] },
    { name: 'node --enable-source-maps dist/server/server/main.js', args: ['--enable-source-maps', COMPILED_MAIN] },
  ];
  if (argv.includes('--bundle')) variants.push({ name: 'node (esbuild bundle, not used)', args: [buildBundle()] });

  const dir = tempDir('startup');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_PATH: path.join(dir, 'portal.sqlite'),
    SERVER_SECRET: randomBytes(32).toString('base64'),
    RECAPTCHA_METHOD: 'recaptcha_v3',
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_SECRET: 'captcha-secret',
    PUBLIC_URL: 'https://portal.example.com',
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    // every start claims a block of the probe's rate-limit slots (server/auth/rateLimitStore.ts): dozens of
    // starts a minute on one database would run out of them and be answered 429
    ROUTE_RATE_LIMIT_MAX: '1000000',
  };
  const before = machine();
  console.log(`machine: ${describeMachine(before)}`);
  // the database is created and migrated once; tsx's transform cache is warmed by the same run
  const first = new Map<string, number>();
  for (const variant of variants) first.set(variant.name, (await startOnce(variant, env)).ms);

  const samples = new Map<string, { ms: number[]; cpuMs: number[] }>(variants.map((variant) => [variant.name, { ms: [], cpuMs: [] }]));
  for (let round = 0; round < runs; round++) {
    // each round in another order, so no variant always runs after the same one
    const order = variants.map((_, index) => variants[(index + round) % variants.length]!);
    for (const variant of order) {
      const result = await startOnce(variant, env);
      samples.get(variant.name)!.ms.push(result.ms);
      samples.get(variant.name)!.cpuMs.push(result.cpuMs);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  if (argv.includes('--bundle')) fs.rmSync(BUNDLE_DIR, { recursive: true, force: true });

  const baseline = percentile(samples.get(variants[0]!.name)!.ms, 50);
  const rows = variants.map((variant) => {
    const { ms, cpuMs } = samples.get(variant.name)!;
    const median = percentile(ms, 50);
    return [
      `\`${variant.name}\``,
      Math.round(median),
      Math.round(percentile(ms, 90)),
      `${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))}`,
      Math.round(percentile(cpuMs, 50)),
      `${(median / baseline).toFixed(2)}×`,
      Math.round(first.get(variant.name)!),
    ];
  });
  console.log(`\n${runs} runs each, spawn → first 200 on /loanmanager/healthz (ms):\n`);
  console.log(table(['start', 'median', 'p90', 'range', 'CPU median', 'median vs tsx', 'first run'], rows));
  console.log(`\nmachine after: ${describeMachine(machine())}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
