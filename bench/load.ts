/**
 * Part 4, server load: autocannon on loopback against the reference server (a signed-in
 * borrower's session) and, in the same run, against a bare fastify route returning a constant.
 * Bounded: CONNECTIONS connections for DURATION_S seconds per target, one target at a time.
 */
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../server/db/seed';
import { signIn, startFloorServer, startReferenceServer, type Running } from './lib/servers';
import { table } from './lib/table';

export const CONNECTIONS = 10;
export const DURATION_S = 5;
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
}

async function coacctOf(baseUrl: string, cookie: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/loanmanager/main/`, { headers: { cookie } })).text();
  const match = /<script[^>]*id="loanmanager-config"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  const config = JSON.parse(match?.[1] ?? '{}') as { coacct?: string | number | null };
  if (config.coacct === undefined || config.coacct === null) throw new Error('no coacct in the main/ page config');
  return String(config.coacct);
}

async function hammer(target: string, floor: string, options: Parameters<typeof autocannon>[0]): Promise<LoadRow> {
  // A short warm-up, not counted: JIT and the first connections.
  await autocannon({ ...options, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
  return {
    target,
    floor,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export async function runLoad(log: (line: string) => void): Promise<LoadRow[]> {
  let server: Running | null = null;
  let floor: Running | null = null;
  try {
    log('starting the reference server and the fastify floor…');
    server = await startReferenceServer();
    floor = await startFloorServer();
    const session = await signIn(server.url, USERNAME, DEMO_PASSWORD);
    const coacct = await coacctOf(server.url, session.cookie);
    const rows: LoadRow[] = [];
    const api = `${server.url}/loanmanager/api`;
    log('floor GET…');
    rows.push(await hammer('floor: fastify GET constant', '', { url: `${floor.url}/constant` }));
    log('floor POST…');
    rows.push(
      await hammer('floor: fastify POST constant', '', {
        url: `${floor.url}/constant`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ coacct }),
      }),
    );
    log('go-green/status…');
    rows.push(
      await hammer('GET go-green/status/ (session)', 'floor: fastify GET constant', {
        url: `${api}/go-green/status/`,
        headers: { cookie: session.cookie },
      }),
    );
    log('check_email_address…');
    rows.push(
      await hammer('GET user/check_email_address/ (session)', 'floor: fastify GET constant', {
        url: `${api}/user/check_email_address/?email_address=${encodeURIComponent('new.address@example.com')}`,
        headers: { cookie: session.cookie },
      }),
    );
    log('user/popup/…');
    rows.push(
      await hammer('POST user/popup/ (session+CSRF)', 'floor: fastify POST constant', {
        url: `${api}/user/popup/`,
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrftoken': session.csrfToken, 'content-type': 'application/json' },
        body: JSON.stringify({ coacct }),
      }),
    );
    return rows;
  } finally {
    await floor?.stop();
    await server?.stop();
  }
}

export function loadTable(rows: LoadRow[]): string {
  const byName = new Map(rows.map((r) => [r.target, r]));
  return table(
    ['target', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'non-2xx', 'errors', 'req/s vs floor', 'p50 vs floor'],
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
      ];
    }),
  );
}
