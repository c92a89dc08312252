/**
 * Pages per second of the reference server (issue 50): signed-out pages (sign-in, registration) and
 * signed-in ones (main/, go-green, profile), each right after `healthz` on the same server, so the
 * ratio to it holds on a shared machine. `npx tsx bench/load/pages.ts <root> [<root>…]`: a root is a
 * checkout with its node_modules and dist (the first, the base); each is started afresh (production,
 * SQLite, demo data), every target warmed SERVER_WARMUP_S, then loaded DURATION_S with CONNECTIONS
 * connections. A page is asked for as a browser navigates to it (`Sec-Fetch-Site: none`, brotli
 * accepted: compressed, control 28), signed out without cookies (a first visit: a new CSRF token each).
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { hammer, CONNECTIONS, SERVER_WARMUP_S, type LoadRow } from '../load';
import { signIn, startReferenceServer } from '../lib/servers';
import { table } from '../lib/table';

const roots = process.argv.slice(2);
const NAVIGATION = { 'sec-fetch-site': 'none', 'accept-encoding': 'gzip, deflate, br, zstd' };
const PAGES = [
  { name: 'login', path: '/loanmanager/login/', signedIn: false },
  { name: 'register', path: '/loanmanager/register/', signedIn: false },
  { name: 'main/', path: '/loanmanager/main/', signedIn: true },
  { name: 'go-green', path: '/loanmanager/go-green/', signedIn: true },
  { name: 'profile', path: '/loanmanager/profile/', signedIn: true },
];

interface Row extends LoadRow {
  root: string;
  healthzRps: number;
}

async function measure(root: string): Promise<Row[]> {
  const server = await startReferenceServer({}, [], root);
  const pid = [server.child.pid ?? 0];
  try {
    const session = await signIn(server.url, 'sam.several', DEMO_PASSWORD);
    const optionsOf = (page: (typeof PAGES)[number]) => ({
      url: `${server.url}${page.path}`,
      headers: { ...NAVIGATION, ...(page.signedIn ? { cookie: session.cookie } : {}) },
    });
    const healthz = { url: `${server.url}/loanmanager/healthz` };
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
  const all: Row[] = [];
  for (const root of roots) all.push(...(await measure(root)));
  const base = all.filter((row) => row.root === roots[0]);
  console.log(`${started} → ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${load.toFixed(1)} at the start`);
  console.log(
    table(
      ['root', 'page', 'pages/s', 'healthz/s beside it', 'ratio to healthz', 'vs base (ratio)', 'p50 ms', 'p99 ms', 'CPU µs/page', 'non-2xx', 'load 1 min'],
      all.map((row) => {
        const ratio = row.rps / row.healthzRps;
        const before = base.find((other) => other.target === row.target);
        return [
          row.root,
          row.target,
          Math.round(row.rps),
          Math.round(row.healthzRps),
          ratio.toFixed(4),
          before ? (ratio / (before.rps / before.healthzRps)).toFixed(1) : '',
          row.p50,
          row.p99,
          Math.round(row.cpuUsPerRequest ?? 0),
          row.non2xx,
          row.load1.toFixed(1),
        ];
      }),
    ),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
