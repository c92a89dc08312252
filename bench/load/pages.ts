/**
 * Pages per second of the reference server (issue 50): signed-out pages (sign-in, registration) and
 * signed-in ones (main/, go-green, profile), each right after `healthz` on the same server, so the
 * ratio to it holds on a shared machine. `npx tsx bench/load/pages.ts <root> [<root>…]`: a root is a
 * checkout with its node_modules and dist (the first, the base); each is started afresh (production,
 * SQLite, demo data), every target warmed SERVER_WARMUP_S, then loaded DURATION_S with CONNECTIONS
 * connections. A page is asked for as a browser navigates to it (`Sec-Fetch-Site: none`, brotli
 * accepted: compressed, control 28), signed out without cookies (a first visit: a new CSRF token each).
 * Signed in, each page is a borrower's repeat load: a session past its first landing (`landedSession`:
 * the landing page's one-time passkey offer taken); `FIRST_PAGE=1` loads every page as the first landing
 * after a password sign-in instead (what each page cost in this bench before 2026-12-03). `PAGES=main,go-green`:
 * those pages only. `ROUNDS=n`: n rounds, every other one taking the roots in the other order; medians.
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { hammer, CONNECTIONS, SERVER_WARMUP_S, type LoadRow } from '../load';
import { landedSession, signIn, startReferenceServer } from '../lib/servers';
import { table } from '../lib/table';

const roots = process.argv.slice(2);
const NAVIGATION = { 'sec-fetch-site': 'none', 'accept-encoding': 'gzip, deflate, br, zstd' };
const ALL_PAGES = [
  { name: 'login', path: '/loanmanager/login/', signedIn: false },
  { name: 'register', path: '/loanmanager/register/', signedIn: false },
  { name: 'main/', path: '/loanmanager/main/', signedIn: true },
  { name: 'go-green', path: '/loanmanager/go-green/', signedIn: true },
  { name: 'profile', path: '/loanmanager/profile/', signedIn: true },
];
const bare = (name: string) => name.replace(/\/$/, '');
const PAGES = process.env.PAGES ? ALL_PAGES.filter((page) => process.env.PAGES!.split(',').map(bare).includes(bare(page.name))) : ALL_PAGES;
const FIRST_PAGE = process.env.FIRST_PAGE === '1';
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Row extends LoadRow {
  root: string;
  healthzRps: number;
}

async function measure(root: string): Promise<Row[]> {
  const server = await startReferenceServer({}, [], root);
  const pid = [server.child.pid ?? 0];
  try {
    const session = await (FIRST_PAGE ? signIn : landedSession)(server.url, 'sam.several', DEMO_PASSWORD);
    const optionsOf = (page: (typeof PAGES)[number]) => ({
      url: `${server.url}${page.path}`,
      headers: { ...NAVIGATION, ...(page.signedIn ? { cookie: session.cookie } : {}) },
    });
    const healthz = { url: `${server.url}/loanmanager/healthz` };
    // what each page is, as loaded: its size, whether it carries the passkey offer, the cookies it sets
    for (const page of PAGES) {
      const response = await fetch(`${server.url}${page.path}`, { headers: { ...optionsOf(page).headers, 'accept-encoding': 'identity' }, redirect: 'manual' });
      const html = await response.text();
      const cookies = response.headers.getSetCookie().map((header) => header.split('=')[0]);
      console.error(`${root} ${page.name}: ${response.status}, ${html.length} characters, passkey offer ${html.includes('passkey-offer-title') ? 'drawn' : 'none'}, sets ${cookies.join(' ') || 'no cookie'}`);
    }
    for (const options of [healthz, ...PAGES.map(optionsOf)]) await autocannon({ ...options, connections: CONNECTIONS, duration: SERVER_WARMUP_S });
    const rows: Row[] = [];
    for (const page of PAGES) {
      const floor = await hammer('healthz', '', healthz, pid);
      const row = await hammer(page.name, 'healthz', optionsOf(page), pid);
      rows.push({ ...row, root, healthzRps: floor.rps, ...(floor.cpuUsPerRequest ? { pairedFloorCpuUs: floor.cpuUsPerRequest } : {}) });
      console.error(`${root} ${page.name}: ${Math.round(row.rps)}/s, ${Math.round(row.cpuUsPerRequest ?? 0)} µs CPU, non-2xx ${row.non2xx}`);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!roots.length) throw new Error('usage: npx tsx bench/load/pages.ts <root> [<root>…]');
  const started = new Date().toISOString();
  const load = os.loadavg()[0] ?? 0;
  const all: Row[][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 ? [...roots].reverse() : roots;
    for (const root of order) all.push(await measure(root));
  }
  // one row per root and page: the medians of its rounds
  const rows: Row[] = roots.flatMap((root) =>
    PAGES.map((page) => {
      const runs = all.flat().filter((row) => row.root === root && row.target === page.name);
      const pick = (read: (row: Row) => number) => median(runs.map(read));
      return { ...runs[0]!, rps: pick((row) => row.rps), healthzRps: pick((row) => row.healthzRps), p50: pick((row) => row.p50), p99: pick((row) => row.p99),
        cpuUsPerRequest: pick((row) => row.cpuUsPerRequest ?? 0), non2xx: runs.reduce((sum, row) => sum + row.non2xx, 0), load1: pick((row) => row.load1) };
    }),
  );
  const base = rows.filter((row) => row.root === roots[0]);
  console.log(`${started} → ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${load.toFixed(1)} at the start; ${ROUNDS} round(s)${ROUNDS > 1 ? ', medians' : ''}; signed in: ${FIRST_PAGE ? 'the first landing after sign-in' : 'a landed session (repeat loads)'}`);
  console.log(
    table(
      ['root', 'page', 'pages/s', 'healthz/s beside it', 'ratio to healthz', 'vs base (ratio)', 'p50 ms', 'p99 ms', 'CPU µs/page', 'CPU base/it', 'non-2xx', 'load 1 min'],
      rows.map((row) => {
        const ratio = row.rps / row.healthzRps;
        const before = base.find((other) => other.target === row.target);
        return [
          row.root,
          row.target,
          Math.round(row.rps),
          Math.round(row.healthzRps),
          ratio.toFixed(4),
          before ? (ratio / (before.rps / before.healthzRps)).toFixed(2) : '',
          row.p50,
          row.p99,
          Math.round(row.cpuUsPerRequest ?? 0),
          before?.cpuUsPerRequest && row.cpuUsPerRequest ? (before.cpuUsPerRequest / row.cpuUsPerRequest).toFixed(2) : '',
          row.non2xx,
          row.load1.toFixed(1),
        ];
      }),
    ),
  );
  if (ROUNDS > 1) {
    // the rounds' own ratios of CPU a page, base over each root: the spread a median hides
    for (const root of roots.slice(1)) {
      for (const page of PAGES) {
        const cpu = (of: string) => all.flat().filter((row) => row.root === of && row.target === page.name).map((row) => row.cpuUsPerRequest ?? NaN);
        const before = cpu(roots[0]!);
        const ratios = cpu(root).map((us, index) => (before[index] ?? NaN) / us);
        console.log(`${root} ${page.name}: CPU base/it per round ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}`);
      }
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
