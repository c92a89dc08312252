/**
 * Server load of several builds in ONE run, interleaved: `npx tsx bench/load/compareBuilds.ts
 * <root> [<root>…]` (a root is a checkout with its node_modules and dist; the first is the base the
 * ratios are taken against). Each round starts every build's reference server afresh (on SQLite,
 * then on PostgreSQL when a throwaway cluster can be had: scripts/throwawayPostgres.ts, a schema of
 * its own per server), warms each hot-path route (load.ts) for SERVER_WARMUP_S, then loads it for
 * DURATION_S and reads the server's CPU per request; every other round takes the builds in the other
 * order (ENGINES=sqlite or pg: one engine). The figures are the medians over ROUNDS rounds, and the median of the rounds' ratios with
 * their range: a shared machine's load moves both builds of a round alike.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { freshSchema } from '../lib/freshSchema';
import { startThrowawayCluster } from '../../scripts/throwawayPostgres';
import { startReferenceServer } from '../lib/servers';
import { CONNECTIONS, SERVER_WARMUP_S, hammer, hotPathRoutes, type LoadRow } from '../load';

const roots = process.argv.slice(2);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
/** ENGINES=sqlite or ENGINES=pg measures one engine only. */
const ENGINES = (process.env.ENGINES ?? 'sqlite,pg').split(',');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;


/** One build's server, started afresh: every route warmed, then each measured. */
async function measure(root: string, env: Record<string, string>): Promise<LoadRow[]> {
  const server = await startReferenceServer(env, [], root);
  try {
    const routes = await hotPathRoutes(server.url);
    const target = (path: string) => `${server.url}/loanmanager/api/${path}`;
    for (const route of routes) {
      await autocannon({ ...route.options, url: target(route.path), connections: CONNECTIONS, duration: SERVER_WARMUP_S });
    }
    const rows: LoadRow[] = [];
    for (const route of routes) rows.push(await hammer(route.name, '', { ...route.options, url: target(route.path) }, [server.child.pid ?? 0]));
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  if (roots.length < 2) throw new Error('usage: npx tsx bench/load/compareBuilds.ts <base root> <root> [<root>…]');
  const cluster = ENGINES.includes('pg') ? startThrowawayCluster(25451) : null;
  const engines: Array<{ name: string; env: (build: number, round: number) => Promise<Record<string, string>> }> = [];
  if (ENGINES.includes('sqlite')) engines.push({ name: 'SQLite', env: async () => ({}) });
  if (cluster) {
    engines.push({
      name: 'PostgreSQL',
      env: async (build, round) => ({
        DATABASE_URL: await freshSchema(cluster.url, `bench_b${build}_r${round}`),
        SERVER_SECRET: randomBytes(32).toString('base64'),
      }),
    });
  }
  // results[engine][route][build] = one figure per round
  const cpu: Record<string, Record<string, number[][]>> = {};
  const rps: Record<string, Record<string, number[][]>> = {};
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const engine of engines) {
        const order = roots.map((_, index) => index);
        if (round % 2) order.reverse();
        for (const build of order) {
          const rows = await measure(roots[build]!, await engine.env(build, round));
          for (const row of rows) {
            if (row.non2xx || row.errors) throw new Error(`${roots[build]} ${engine.name} ${row.target}: ${row.non2xx} non-2xx, ${row.errors} errors`);
            const byRoute = ((cpu[engine.name] ??= {})[row.target] ??= roots.map(() => []));
            byRoute[build]!.push(row.cpuUsPerRequest ?? NaN);
            ((rps[engine.name] ??= {})[row.target] ??= roots.map(() => []))[build]!.push(row.rps);
          }
          console.error(`round ${round + 1}/${ROUNDS} ${engine.name} ${roots[build]}: done (load ${rows.map((row) => row.load1.toFixed(1)).join(', ')})`);
        }
      }
    }
  } finally {
    cluster?.stop();
  }
  const header = ['engine', 'route', ...roots.map((root, index) => `CPU µs/req ${index}`), ...roots.slice(1).map((_, index) => `ratio ${index + 1}/0 (range)`), ...roots.map((_, index) => `req/s ${index}`)];
  console.log(`builds: ${roots.map((root, index) => `${index} = ${root}`).join(', ')}; ${ROUNDS} rounds, medians`);
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|`);
  for (const [engine, routes] of Object.entries(cpu)) {
    for (const [route, builds] of Object.entries(routes)) {
      const ratios = builds.slice(1).map((figures) => figures.map((value, round) => value / builds[0]![round]!));
      const cells = [
        engine,
        route,
        ...builds.map((figures) => median(figures).toFixed(0)),
        ...ratios.map((values) => `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`),
        ...rps[engine]![route]!.map((figures) => median(figures).toFixed(0)),
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
  // each round's figures, so that any two builds' ratios (a build given twice: the noise) can be read per round
  console.log('\nCPU µs/req per round, build by build (each line in round order):');
  for (const [engine, routes] of Object.entries(cpu)) {
    for (const [route, builds] of Object.entries(routes)) {
      for (const [index, figures] of builds.entries()) console.log(`${engine} ${route} ${index}: ${figures.map((value) => value.toFixed(0)).join(' ')}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
