/**
 * `tsx bench/signInFairness.ts [--before <commit>]`: can a few addresses shut the sign-in door for
 * everyone? (issue 46 item 1). For the current checkout and, with --before, an older commit: the
 * reference server at the production scrypt cost (N=2^17), fresh SQLite, demo data. Eight attacking
 * addresses (127.0.0.11 to .18) each send wrong sign-ins for unknown usernames at their allowed rate
 * (RATE_LIMIT_MAX, 30 a minute: one every 2 s, never waiting for an answer), while a borrower from a
 * fresh address (127.0.0.100) signs in with the right password 15 times, one after another, 2 s
 * apart. Goal: the borrower signed in within 3 s in at least 14 of 15. Beside it the floor: the
 * borrower's sign-in with no one else asking (one hash on this machine now). With `--burst` each
 * attacker sends its whole minute's allowance at once, at the start of each minute (what the rate
 * limit allows: 240 hashes asked for in the first second), instead of one every 2 s. Prints Markdown for
 * bench/RESULTS.md, with the machine's load average before and after each run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkoutsToMeasure, machineLine, request, startServer } from './lib/signInServer';

const ATTACKERS = 8;
const ALLOWED_PER_MINUTE = 30;
const TRIES = 15;
const ALONE_TRIES = 3;
const GOAL_MS = 3000;
const BORROWER = { address: '127.0.0.100', username: 'dana.demo', password: 'Demo-pass1!' };
const LOGIN = '/loanmanager/api/account/login/';
const BURST = process.argv.includes('--burst');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const loadNow = () => os.loadavg()[0]!.toFixed(1);

/** A sign-in from `from`: its status ('cut off' when the connection ended without an answer) and time. */
async function signIn(base: string, csrf: string, from: string, username: string, password: string) {
  const body = JSON.stringify({ username, password });
  const started = performance.now();
  const answer = await request(`${base}${LOGIN}`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    body,
    timeoutMs: 60_000,
  }).catch(() => null);
  return { status: answer ? String(answer.status) : 'cut off', ms: answer?.ms ?? performance.now() - started };
}

const tally = (statuses: string[]) =>
  [...new Set(statuses)]
    .sort()
    .map((status) => `${statuses.filter((other) => other === status).length} × ${status}`)
    .join(', ');

async function measure(label: string, root: string, staticDir: string) {
  const server = await startServer(root, staticDir);
  try {
    const page = await request(`${server.base}/loanmanager/login/`);
    const csrf = /csrftoken=([^;]+)/.exec(String(page.headers['set-cookie'] ?? ''))?.[1] ?? '';
    // the stand-in hash of unknown usernames is made once, by the first
    await signIn(server.base, csrf, '127.0.0.2', 'nobody.warm', 'Wrong-pass1!');
    // the floor on this machine now: the borrower's sign-in with no one else asking
    const alone: number[] = [];
    for (let index = 0; index < ALONE_TRIES; index += 1) alone.push((await signIn(server.base, csrf, '127.0.0.3', BORROWER.username, BORROWER.password)).ms);
    const loadBefore = loadNow();
    let attacking = true;
    const attackStatuses: string[] = [];
    const attacks = Array.from({ length: ATTACKERS }, async (_, index) => {
      const from = `127.0.0.${11 + index}`;
      const sent: Array<Promise<void>> = [];
      const attack = (count: number) =>
        sent.push(signIn(server.base, csrf, from, `nobody.${index}.${count}`, 'Wrong-pass1!').then((answer) => void attackStatuses.push(answer.status)));
      for (let count = 0, minuteStarted = -Infinity; attacking; ) {
        if (!BURST) {
          attack((count += 1));
          await sleep(60_000 / ALLOWED_PER_MINUTE);
        } else if (performance.now() - minuteStarted >= 60_000) {
          minuteStarted = performance.now();
          for (let inBurst = 0; inBurst < ALLOWED_PER_MINUTE; inBurst += 1) attack((count += 1));
        } else await sleep(250);
      }
      await Promise.all(sent);
    });
    // the attack under way (its queues filled) before the borrower comes
    await sleep(4000);
    const tries: Array<{ status: string; ms: number }> = [];
    for (let index = 0; index < TRIES; index += 1) {
      const started = performance.now();
      tries.push(await signIn(server.base, csrf, BORROWER.address, BORROWER.username, BORROWER.password));
      await sleep(Math.max(0, 2000 - (performance.now() - started)));
    }
    attacking = false;
    await Promise.all(attacks);
    return { label, tries, alone, attackStatuses, loadBefore, loadAfter: loadNow() };
  } finally {
    server.stop();
  }
}

async function main() {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-fairness-static-'));
  fs.writeFileSync(path.join(staticDir, 'loanmanager-widgets.js'), '/* loader */\n');
  const { roots, remove } = checkoutsToMeasure(process.argv);
  const lines = [
    machineLine(),
    '',
    `| server | borrower's sign-ins within ${GOAL_MS / 1000} s | their times, s (p50 / max) | one sign-in alone, s (median of ${ALONE_TRIES}) | their answers | the attackers' answers | load average (1 min) before → after |`,
    '|:--|--:|--:|--:|:--|:--|:--|',
  ];
  try {
    for (const [label, root] of roots) {
      process.stderr.write(`${label}: measuring${BURST ? ' (bursts)' : ''}\n`);
      const result = await measure(label, root, staticDir);
      const times = result.tries.map((attempt) => attempt.ms).sort((a, b) => a - b);
      const within = result.tries.filter((attempt) => attempt.status === '200' && attempt.ms <= GOAL_MS).length;
      const line = `| ${label} | ${within} of ${TRIES} | ${(times[Math.floor(times.length / 2)]! / 1000).toFixed(2)} / ${(times.at(-1)! / 1000).toFixed(2)} | ${(median(result.alone) / 1000).toFixed(2)} | ${tally(result.tries.map((attempt) => attempt.status))} | ${tally(result.attackStatuses)} | ${result.loadBefore} → ${result.loadAfter} |`;
      // as each run ends: a long run stopped halfway keeps what it measured
      process.stderr.write(`${line}\n`);
      lines.push(line);
    }
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
    remove();
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
