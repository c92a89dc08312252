/**
 * `tsx bench/signInStall.ts [--before <commit>]`: does one address spending its allowed sign-ins
 * stall the loader script? (issue 38 item 5). For the current checkout and, with --before, for
 * an older commit (extracted with `git archive` into a temporary folder, sharing node_modules):
 * the reference server at the production scrypt cost (N=2^17), the loader script's latency
 * (`GET /loanmanager/static/loanmanager-widgets.js`, 100 KB, one request every 50 ms) idle, then
 * while RATE_LIMIT_MAX (30) wrong sign-ins from one address are in flight at once. Prints the
 * distributions (p50, p90, p99, max) in Markdown, for bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkoutsToMeasure, machineLine, request, startServer } from './lib/signInServer';

const SIGN_INS = 30;
const LOADER = '/loanmanager/static/loanmanager-widgets.js';

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const row = (name: string, values: number[]) =>
  `| ${name} | ${values.length} | ${[0.5, 0.9, 0.99].map((q) => quantile(values, q).toFixed(1)).join(' | ')} | ${Math.max(...values).toFixed(1)} |`;

/** Loader requests the server cut off or refused instead of answering (their time is still counted: the wait until then). */
let failedLoads = 0;

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const answer = await request(url).catch(() => null);
  if (answer?.status !== 200) failedLoads += 1;
  return answer?.ms ?? performance.now() - started;
}

/** Loader latencies, one request every 50 ms, until `until` resolves (or `count` requests). */
async function sampleLoader(base: string, until: Promise<unknown> | null, count = 40): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  void until?.finally(() => {
    done = true;
  });
  while (until ? !done : samples.length < count) {
    samples.push(await timedGet(`${base}${LOADER}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return samples;
}

async function measure(label: string, root: string, staticDir: string) {
  const server = await startServer(root, staticDir);
  try {
    const page = await request(`${server.base}/loanmanager/login/`);
    const csrf = /csrftoken=([^;]+)/.exec(String(page.headers['set-cookie'] ?? ''))?.[1] ?? '';
    for (let i = 0; i < 5; i += 1) await timedGet(`${server.base}${LOADER}`);
    const idle = await sampleLoader(server.base, null);
    process.stderr.write(`${label}: idle measured, signing in\n`);
    const started = performance.now();
    const signIns = Promise.all(
      Array.from({ length: SIGN_INS }, async (_, index) => {
        const body = JSON.stringify({ username: `nobody.${index}`, password: 'Wrong-pass1!' });
        const answer = await request(`${server.base}/loanmanager/api/account/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
          body,
        }).catch(() => ({ status: 'cut off' }));
        return answer.status;
      }),
    );
    failedLoads = 0;
    const during = await sampleLoader(server.base, signIns);
    const failedDuring = failedLoads;
    const statuses = await signIns;
    const signInMs = performance.now() - started;
    return { label, idle, during, signInMs, statuses, failedDuring };
  } finally {
    server.stop();
  }
}

async function main() {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-stall-static-'));
  fs.writeFileSync(path.join(staticDir, 'loanmanager-widgets.js'), `/* loader */\n${'x'.repeat(100_000)}\n`);
  const { roots, remove } = checkoutsToMeasure(process.argv);
  const lines = [
    machineLine(),
    '',
    '| loader script, ms | requests | p50 | p90 | p99 | max |',
    '|:--|--:|--:|--:|--:|--:|',
  ];
  const summary: string[] = [];
  try {
    for (const [label, root] of roots) {
      const result = await measure(label, root, staticDir);
      lines.push(row(`${result.label}: idle`, result.idle), row(`${result.label}: during ${SIGN_INS} sign-ins`, result.during));
      const answers = [...new Set(result.statuses)].map((status) => `${result.statuses.filter((other) => other === status).length} × ${status}`);
      summary.push(
        `${result.label}: the ${SIGN_INS} sign-ins took ${(result.signInMs / 1000).toFixed(1)} s (${answers.join(', ')}); loader requests cut off or refused while they ran: ${result.failedDuring} of ${result.during.length}`,
      );
    }
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
    remove();
  }
  process.stdout.write(`${[...lines, '', ...summary.map((line) => `- ${line}`)].join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
