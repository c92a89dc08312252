/**
 * CPU profiles of the load part's hot path (issue 18): `npx tsx bench/load/profile.ts [--pg] [--root <checkout>] [--pages]`
 * (`--pages`: the signed-in pages main/, go-green/ and profile/ instead of the API routes, issue 50, each a
 * borrower's repeat load, as bench/load/pages.ts: `FIRST_PAGE=1` the first landing, `PAGES=main,profile` a few)
 * (`--root`: another build's server, e.g. a worktree of an older commit, to set beside this one's).
 * For each of the three signed-in routes, a fresh reference server runs under `node --cpu-prof`
 * while autocannon loads that route alone (10 connections, 1 s warm-up then 5 s); the profile is
 * written when the server exits and summarised here: CPU time per request, where it goes by
 * package or server file, and the heaviest functions by self time. The .cpuprofile files stay in
 * bench/artifacts/profiles/ (open them in Chrome DevTools); they are never committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startThrowawayCluster } from '../../scripts/throwawayPostgres';
import { ROOT } from '../lib/categories';
import { landedSession, signIn, startReferenceServer } from '../lib/servers';
import { table } from '../lib/table';
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION_S, SERVER_WARMUP_S, hammer, hotPathRoutes, type HotPathRoute } from '../load';
import { DEMO_PASSWORD } from '../../server/db/seed';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, one of our files, node's internals, or V8's own buckets. */
function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? file);
  }
  return path.relative(ROOT, file);
}

function frameName(frame: CallFrame): string {
  const where = frame.url ? `${areaOf(frame)}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'} ${where}`.trim();
}

export interface ProfileSummary {
  /** Sampled time, idle excluded, in ms. */
  busyMs: number;
  byArea: Array<[string, number]>;
  bySelf: Array<[string, number]>;
}

/** `skipUs`: samples in the first microseconds of the profile (start-up, module loading) are left out. */
export function summarise(profile: CpuProfile, skipUs = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let elapsedUs = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    elapsedUs += delta;
    if (elapsedUs >= skipUs) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const byArea = new Map<string, number>();
  const bySelf = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    busyUs += us;
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const name = frameName(frame);
    bySelf.set(name, (bySelf.get(name) ?? 0) + us);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / 1000] as [string, number]);
  return { busyMs: busyUs / 1000, byArea: sorted(byArea), bySelf: sorted(bySelf) };
}

function report(title: string, summary: ProfileSummary, requests: number, rps: number, top: number) {
  const share = (ms: number) => `${((100 * ms) / summary.busyMs).toFixed(1)} %`;
  console.log(`\n### ${title}: ${rps.toFixed(0)} req/s, ${((1000 * summary.busyMs) / Math.max(1, requests)).toFixed(0)} µs of CPU per request (profiled, idle excluded)\n`);
  console.log(table(['where (package or file)', 'ms', 'share'], summary.byArea.slice(0, top).map(([k, ms]) => [k, ms.toFixed(0), share(ms)])));
  console.log('');
  console.log(table(['function (self time)', 'ms', 'share'], summary.bySelf.slice(0, top).map(([k, ms]) => [k, ms.toFixed(0), share(ms)])));
}

const SIGNED_IN_PAGES = ['main', 'go-green', 'profile'].filter((page) => !process.env.PAGES || process.env.PAGES.split(',').includes(page));

/** The signed-in pages, as hotPathRoutes gives the API routes (their path under /loanmanager/ instead of its api/). */
async function pageRoutes(baseUrl: string): Promise<HotPathRoute[]> {
  const session = await (process.env.FIRST_PAGE === '1' ? signIn : landedSession)(baseUrl, 'sam.several', DEMO_PASSWORD);
  const navigation = { cookie: session.cookie, 'sec-fetch-site': 'none', 'accept-encoding': 'gzip, br' };
  return SIGNED_IN_PAGES.map((page) => ({
    name: `${page} page`,
    label: `GET /loanmanager/${page}/`,
    floor: '',
    path: `${page}/`,
    options: { method: 'GET', headers: navigation },
  }));
}

async function main() {
  const args = process.argv.slice(2);
  const pg = args.includes('--pg');
  const pages = args.includes('--pages');
  const buildRoot = args.includes('--root') ? path.resolve(args[args.indexOf('--root') + 1] ?? ROOT) : ROOT;
  const top = 15;
  const dir = path.join(ROOT, 'bench/artifacts/profiles', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  const cluster = pg ? startThrowawayCluster(25450) : null;
  if (pg && !cluster) throw new Error('no PostgreSQL: run as root with Debian\'s postgresql installed');
  const env: Record<string, string> = cluster ? { DATABASE_URL: cluster.url, SERVER_SECRET: randomBytes(32).toString('base64') } : {};
  try {
    // route by route, each on a fresh server, so a profile holds one route's work only
    const names = pages ? SIGNED_IN_PAGES.map((page) => `${page} page`) : ['go-green/status', 'check_email_address', 'user/popup'];
    for (const [index, name] of names.entries()) {
      const profileDir = path.join(dir, String(index));
      const spawnedAt = Date.now();
      const server = await startReferenceServer(env, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`], buildRoot);
      let result: Awaited<ReturnType<typeof hammer>>;
      let skipUs: number;
      try {
        const route = (pages ? await pageRoutes(server.url) : await hotPathRoutes(server.url)).find((candidate) => candidate.name === name);
        if (!route) throw new Error(`no route ${name}`);
        // warmed up first (the optimising compiler's first seconds, bench/load.ts SERVER_WARMUP_S); start-up,
        // sign-in and warm-up are left out of the summary (from the spawn: the profile starts a little later)
        const url = `${server.url}/loanmanager/${pages ? '' : 'api/'}${route.path}`;
        await autocannon({ ...route.options, url, connections: CONNECTIONS, duration: SERVER_WARMUP_S });
        skipUs = (Date.now() - spawnedAt) * 1000;
        result = await hammer(route.label, route.floor, { ...route.options, url });
      } finally {
        await server.stop();
      }
      const file = fs.readdirSync(profileDir).find((entry) => entry.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile written in ${profileDir}`);
      const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
      // the 1 s warm-up is in the summary too: its requests are estimated at the measured rate
      const requests = result.requests * ((DURATION_S + 1) / DURATION_S);
      report(`${pg ? 'PostgreSQL' : 'SQLite'}: ${result.target}`, summarise(profile, skipUs), requests, result.rps, top);
    }
    console.log(`\nprofiles in ${path.relative(ROOT, dir)}`);
  } finally {
    cluster?.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
