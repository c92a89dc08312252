/**
 * Part 4, server load: autocannon on loopback against the reference server (a signed-in
 * borrower's session) and, in the same run, against a bare fastify route returning a constant.
 * Bounded: CONNECTIONS connections for DURATION_S seconds per target, one target at a time.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { startThrowawayCluster } from '../scripts/throwawayPostgres';
import { DEMO_PASSWORD } from '../server/db/seed';
import { processTreeCpuMs, signIn, startFloorServer, startReferenceServer, type Running } from './lib/servers';
import { table } from './lib/table';

export const CONNECTIONS = 10;
export const DURATION_S = 5;
/** Seconds each route of a freshly started server is loaded, unmeasured, before any is measured. */
export const SERVER_WARMUP_S = 3;
const USERNAME = 'sam.several';

export interface LoadRow {
  target: string;
  floor: string;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The 1-minute load average when the target's 5 s ended: other work on the machine shows here. */
  load1: number;
  /** The floor's req/s measured right before this target (same method): on a shared machine whose load
   * moves during the run, the ratio to it says more than the ratio to the floor of the run's start. */
  pairedFloorRps?: number;
  /** CPU (user + system) the server processes used per request during the 5 s, in µs: what a request
   * costs, whatever else runs on the machine (PostgreSQL's own processes are not counted). */
  cpuUsPerRequest?: number;
  /** The floor's CPU per request, measured right before this target. */
  pairedFloorCpuUs?: number;
  /** The second floor's (the controls alone: bench/load/controlsFloorServer.ts) CPU per request, measured right before this target. */
  pairedControlsCpuUs?: number;
}

async function coacctOf(baseUrl: string, cookie: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/loanmanager/main/`, { headers: { cookie } })).text();
  const match = /<script[^>]*id="loanmanager-config"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  const config = JSON.parse(match?.[1] ?? '{}') as { coacct?: string | number | null };
  if (config.coacct === undefined || config.coacct === null) throw new Error('no coacct in the main/ page config');
  return String(config.coacct);
}

export async function hammer(target: string, floor: string, options: Parameters<typeof autocannon>[0], serverPids: number[] = []): Promise<LoadRow> {
  // A short warm-up, not counted: JIT and the first connections.
  await autocannon({ ...options, connections: CONNECTIONS, duration: 1 });
  const cpu = () => serverPids.reduce((sum, pid) => sum + processTreeCpuMs(pid), 0);
  const cpuBefore = cpu();
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
  const cpuMs = cpu() - cpuBefore;
  return {
    target,
    floor,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    load1: os.loadavg()[0] ?? 0,
    ...(serverPids.length && r.requests.total ? { cpuUsPerRequest: (cpuMs * 1000) / r.requests.total } : {}),
  };
}

export interface HotPathRoute {
  /** go-green/status, check_email_address, popup */
  name: string;
  label: string;
  floor: string;
  path: string;
  options: Pick<NonNullable<Parameters<typeof autocannon>[0]>, 'method' | 'headers' | 'body'>;
}

/** The three signed-in routes of issue 18's hot path, for a signed-in `session` (signs in on `baseUrl`). */
export async function hotPathRoutes(baseUrl: string): Promise<HotPathRoute[]> {
  const session = await signIn(baseUrl, USERNAME, DEMO_PASSWORD);
  const coacct = await coacctOf(baseUrl, session.cookie);
  return [
    {
      name: 'go-green/status',
      label: 'GET go-green/status/ (session)',
      floor: 'floor: fastify GET constant',
      path: 'go-green/status/',
      options: { headers: { cookie: session.cookie } },
    },
    {
      name: 'check_email_address',
      label: 'GET user/check_email_address/ (session)',
      floor: 'floor: fastify GET constant',
      path: `user/check_email_address/?email_address=${encodeURIComponent('new.address@example.com')}`,
      options: { headers: { cookie: session.cookie } },
    },
    {
      name: 'user/popup',
      label: 'POST user/popup/ (session+CSRF)',
      floor: 'floor: fastify POST constant',
      path: 'user/popup/',
      options: {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrftoken': session.csrfToken, 'content-type': 'application/json' },
        body: JSON.stringify({ coacct }),
      },
    },
  ];
}

/** The floor's two requests, to hammer beside each target. */
function floorRequests(floorUrl: string): Record<string, Parameters<typeof autocannon>[0]> {
  return {
    'floor: fastify GET constant': { url: `${floorUrl}/constant` },
    'floor: fastify POST constant': {
      url: `${floorUrl}/constant`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coacct: '1' }),
    },
  };
}

/** The second floor's two requests: signed in to the one session it knows, the POST with its CSRF token. */
function controlsFloorRequests(url: string, sessionToken: string): Record<string, Parameters<typeof autocannon>[0]> {
  const csrf = randomBytes(16).toString('hex');
  return {
    'controls floor: GET (session)': { url: `${url}/constant`, headers: { cookie: `sessionid=${sessionToken}` } },
    'controls floor: POST (session+CSRF)': {
      url: `${url}/constant`,
      method: 'POST',
      headers: { cookie: `sessionid=${sessionToken}; csrftoken=${csrf}`, 'x-csrftoken': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ coacct: '1' }),
    },
  };
}

interface Floors {
  floor: Running;
  controls: Running;
  controlsRequests: Record<string, Parameters<typeof autocannon>[0]>;
}

/** The three signed-in routes the load part measures, on the given instances (one, or several sharing a
 * database), each right after the floor of its method (`floorUrl`). */
async function measureRoutes(engine: string, servers: Running[], floors: Floors, log: (line: string) => void): Promise<LoadRow[]> {
  const urls = servers.map((server) => server.url);
  const pids = servers.map((server) => server.child.pid ?? 0);
  const first = urls[0];
  if (!first) throw new Error('no server to measure');
  // several instances: the connections are spread over them (autocannon takes an array of targets,
  // lib/url.js, though its typings say string); the session lives in the database, so it works on each
  const targets = (path: string) => (urls.length === 1 ? `${first}/loanmanager/api/${path}` : urls.map((url) => `${url}/loanmanager/api/${path}`));
  const rows: LoadRow[] = [];
  const routes = await hotPathRoutes(first);
  // A fresh server spends its first seconds compiling (V8's optimising compiler, measured with perf:
  // 31 % of the process's CPU in the second after a 1 s warm-up, 18 % in the next, 2 % from the third
  // on), and much of that code is shared by the three routes: with only hammer's 1 s warm-up, the
  // route measured first paid for it (two instances on PostgreSQL: 586 req/s first, 2 293 last).
  // Every route is loaded for SERVER_WARMUP_S first, so each is measured warm.
  log(`${engine}: warming up every route…`);
  for (const route of routes) {
    await autocannon({ ...route.options, url: targets(route.path) as string, connections: CONNECTIONS, duration: SERVER_WARMUP_S });
  }
  for (const route of routes) {
    log(`${engine}: ${route.name} (the two floors first)…`);
    const floor = await hammer(route.floor, '', floorRequests(floors.floor.url)[route.floor]!, [floors.floor.child.pid ?? 0]);
    const controlsName = route.options.method === 'POST' ? 'controls floor: POST (session+CSRF)' : 'controls floor: GET (session)';
    const controls = await hammer(controlsName, route.floor, floors.controlsRequests[controlsName]!, [floors.controls.child.pid ?? 0]);
    const row = await hammer(`${engine}: ${route.label}`, route.floor, { ...route.options, url: targets(route.path) as string }, pids);
    rows.push({
      ...row,
      pairedFloorRps: floor.rps,
      ...(floor.cpuUsPerRequest ? { pairedFloorCpuUs: floor.cpuUsPerRequest } : {}),
      ...(controls.cpuUsPerRequest ? { pairedControlsCpuUs: controls.cpuUsPerRequest } : {}),
    });
  }
  return rows;
}

/**
 * The floor, then the reference server on SQLite (one instance), then on PostgreSQL (one instance,
 * and two sharing the database) when one is at hand: BENCH_DATABASE_URL (a database the bench may
 * fill), else, as root with Debian's postgresql installed, a throwaway cluster.
 */
export async function runLoad(log: (line: string) => void): Promise<LoadRow[]> {
  const running: Running[] = [];
  let cluster: { url: string; stop: () => void } | null = null;
  try {
    log('starting the fastify floor…');
    const floor = await startFloorServer();
    running.push(floor);
    log('starting the second floor, with the controls…');
    const sessionToken = randomBytes(32).toString('base64url');
    const controls = await startFloorServer(sessionToken);
    running.push(controls);
    const floors: Floors = { floor, controls, controlsRequests: controlsFloorRequests(controls.url, sessionToken) };
    const rows: LoadRow[] = [];
    for (const [name, request] of Object.entries(floorRequests(floor.url))) {
      log(`${name}…`);
      rows.push(await hammer(name, '', request, [floor.child.pid ?? 0]));
    }
    for (const [name, request] of Object.entries(floors.controlsRequests)) {
      log(`${name}…`);
      const row = await hammer(name, name.includes('POST') ? 'floor: fastify POST constant' : 'floor: fastify GET constant', request, [controls.child.pid ?? 0]);
      if (row.non2xx) throw new Error(`${name}: ${row.non2xx} answers were not 2xx (the session or the CSRF check refused it)`);
      rows.push(row);
    }

    log('starting the reference server on SQLite…');
    const sqlite = await startReferenceServer();
    running.push(sqlite);
    rows.push(...(await measureRoutes('SQLite', [sqlite], floors, log)));
    await sqlite.stop();

    const databaseUrl = process.env.BENCH_DATABASE_URL ?? (cluster = startThrowawayCluster(25449))?.url ?? null;
    if (!databaseUrl) {
      log('PostgreSQL part skipped: set BENCH_DATABASE_URL, or run as root with Debian\'s postgresql installed');
      return rows;
    }
    // one secret for both instances, as a deployment shares it
    const shared = { DATABASE_URL: databaseUrl, SERVER_SECRET: randomBytes(32).toString('base64') };
    log('starting the reference server on PostgreSQL…');
    const one = await startReferenceServer(shared);
    running.push(one);
    rows.push(...(await measureRoutes('PostgreSQL', [one], floors, log)));
    log('starting a second instance on the same database…');
    const two = await startReferenceServer({ ...shared, SEED_DEMO_DATA: '0' });
    running.push(two);
    rows.push(...(await measureRoutes('PostgreSQL ×2', [one, two], floors, log)));
    return rows;
  } finally {
    for (const server of running.reverse()) await server.stop().catch(() => undefined);
    cluster?.stop();
  }
}

export function loadTable(rows: LoadRow[]): string {
  const byName = new Map(rows.map((r) => [r.target, r]));
  return table(
    ['target', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'non-2xx', 'errors', 'req/s vs floor', 'p50 vs floor', 'floor just before', 'vs it', 'CPU µs/req', 'floor CPU µs/req', 'CPU: floor/it', 'controls floor CPU µs/req', 'CPU: controls floor/it', 'load avg'],
    rows.map((r) => {
      const floor = byName.get(r.floor);
      return [
        r.target,
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.rps.toFixed(0),
        r.requests,
        r.non2xx,
        r.errors,
        floor ? (r.rps / floor.rps).toFixed(2) : '—',
        floor ? (floor.p50 > 0 ? (r.p50 / floor.p50).toFixed(1) : '—') : '—',
        r.pairedFloorRps === undefined ? '—' : r.pairedFloorRps.toFixed(0),
        r.pairedFloorRps === undefined ? '—' : (r.rps / r.pairedFloorRps).toFixed(2),
        r.cpuUsPerRequest === undefined ? '—' : r.cpuUsPerRequest.toFixed(0),
        r.pairedFloorCpuUs === undefined ? '—' : r.pairedFloorCpuUs.toFixed(0),
        r.cpuUsPerRequest === undefined || r.pairedFloorCpuUs === undefined ? '—' : (r.pairedFloorCpuUs / r.cpuUsPerRequest).toFixed(2),
        r.pairedControlsCpuUs === undefined ? '—' : r.pairedControlsCpuUs.toFixed(0),
        r.cpuUsPerRequest === undefined || r.pairedControlsCpuUs === undefined ? '—' : (r.pairedControlsCpuUs / r.cpuUsPerRequest).toFixed(2),
        r.load1.toFixed(2),
      ];
    }),
  );
}
