/**
 * The store's hot-path queries without HTTP, for several builds in ONE process, interleaved:
 * `npx tsx bench/storeQueries.ts <root> [<root>…]` (a root is a checkout: another worktree's root
 * measures that build; the first is the base the ratios are taken against). PGURL=postgres://…
 * measures PostgreSQL (each build in a schema of its own), else a SQLite file per build. Each
 * round measures every query of every build (CPU µs a call over CALLS calls), every other round in
 * the other order; the figures are the medians of ROUNDS rounds. Fictional data.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshSchema } from './lib/freshSchema';

const roots = process.argv.length > 2 ? process.argv.slice(2) : [path.resolve(__dirname, '..')];
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const CALLS = Number(process.env.CALLS ?? 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;


async function openBuild(root: string, index: number) {
  const { serverKeys } = (await import(`${root}/server/auth/secrets`)) as typeof import('../server/auth/secrets');
  const { openRepositories } = (await import(`${root}/server/db/open`)) as typeof import('../server/db/open');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-queries-'));
  const store = await openRepositories({
    databaseUrl: process.env.PGURL ? await freshSchema(process.env.PGURL, `bench_build_${index}`) : null,
    databasePath: path.join(dir, 'db.sqlite'),
    poolSize: 4,
    identity: serverKeys(randomBytes(32)).identity,
    lockout: { failures: 5, windowMs: 60_000 },
  });
  await store.seedLoan({ loanno: '9000000001', propertyAddress: '1 Bench Street', monthlyPaymentCents: 1, nextPaymentDue: '2026-01-01' });
  const borrower = { firstname: 'Bench', lastname: 'Borrower', ssn: '900000001', dob: '1980-01-01', emailAddress: 'bench@example.com' };
  const borrowerId = await store.seedBorrower({ ...borrower, emailValidated: true, electdocs: false, autopay: false }, [{ loanno: '9000000001', role: 'primary' }]);
  const created = await store.createUserForBorrower({ borrowerId, username: 'bench.user', passwordHash: 'not-a-hash', emailAddress: 'bench@example.com', now: 1 });
  if (!created.ok) throw new Error('no user');
  const userId = created.user.id;
  await store.createSession({ userId, keyHash: 'bench-key', now: 1000, expiresAt: 1e13, idleSince: 0 });
  const queries: Record<string, () => Promise<unknown>> = {
    findSession: () => store.findSession('bench-key', 2000, 0),
    touchSession: () => store.touchSession(1, 2000),
    countRequests: () => store.countRequests('bench:key', 1, 60_000, 2000),
    popupHistory: () => store.popupHistory('bench-session', userId),
    getAccount: () => store.getAccount(userId),
    emailInUse: () => store.emailInUseByOtherUser('other@example.com', borrowerId),
  };
  return { store, queries, dir };
}

async function cpuPerCall(query: () => Promise<unknown>) {
  const start = process.cpuUsage();
  for (let call = 0; call < CALLS; call++) await query();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / CALLS;
}

async function main() {
  const builds: Array<Awaited<ReturnType<typeof openBuild>>> = [];
  for (const [index, root] of roots.entries()) builds.push(await openBuild(root, index));
  const names = Object.keys(builds[0]!.queries);
  const figures = names.map(() => builds.map((): number[] => []));
  for (const build of builds) for (const query of Object.values(build.queries)) await cpuPerCall(query); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    // every other round in the other order, so no build always runs right after another
    const order = round % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse();
    for (const [q, name] of names.entries()) for (const b of order) figures[q]![b]!.push(await cpuPerCall(builds[b]!.queries[name]!));
  }
  console.log(`${process.env.PGURL ? 'PostgreSQL' : 'SQLite'}, ${ROUNDS} rounds of ${CALLS} calls, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`query | ${roots.map((root) => `${path.basename(root)} µs`).join(' | ')} | ratios to the first (median, min–max of rounds)`);
  for (const [q, name] of names.entries()) {
    const base = figures[q]![0]!;
    const ratios = figures[q]!.slice(1).map((own) => {
      const perRound = own.map((value, round) => value / base[round]!);
      return `${median(perRound).toFixed(2)} (${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)})`;
    });
    console.log(`${name} | ${figures[q]!.map((own) => median(own).toFixed(1)).join(' | ')} | ${ratios.join(' | ')}`);
  }
  for (const build of builds) {
    await build.store.close();
    fs.rmSync(build.dir, { recursive: true, force: true });
  }
}

void main();
